import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { createQueryClient } from '@/lib/query-client';
import { FRESH_DATA_RULE } from '../fresh-data';

/**
 * The query client, with failed queries shown as error alerts and the rule of fresh data after a
 * change. Needs a NotificationProvider above it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const { notifyError } = useNotify();
  const [queryClient] = useState(() => createQueryClient(notifyError, FRESH_DATA_RULE));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
