import type { Sender } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { replaceSender } from './config-cache';
import type { ConfigRowKey as ConfigKey } from './config-key';

/** The sender runs with this (the newest active) version; the server creates the sender when there is none. */
export function switchToNewestConfig(body: ConfigKey & { version: number }): Promise<Sender> {
  return apiRequest('PUT', '/rest/management/message-sender', body);
}

export function useSwitchToNewestConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchToNewestConfig,
    meta: { changes: ['configs'] },
    onSuccess: (sender) => replaceSender(queryClient, sender),
  });
}
