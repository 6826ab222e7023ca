import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { createQueryClient } from '@/lib/query-client';

/** The query client, with failed queries shown as error alerts. Needs a NotificationProvider above it. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { notifyError } = useNotify();
  const [queryClient] = useState(() => createQueryClient(notifyError));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
