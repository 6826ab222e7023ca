import type { Omgeving, Sender } from '@knooppunt/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { useActingFor } from '@/lib/namens/acting-for';
import { replaceSender } from './config-cache';
import type { ConfigRowKey as ConfigKey } from './config-key';
import { configsChange, omgevingPath } from './omgeving';

type NewestConfig = ConfigKey & { version: number };

/** The sender runs with this (the newest active) version; the server creates the sender when there is none. */
export function switchToNewestConfig(omgeving: Omgeving, body: NewestConfig, init?: ApiRequestInit): Promise<Sender> {
  return apiRequest('PUT', omgevingPath(omgeving, '/rest/management/message-sender'), body, init);
}

export function useSwitchToNewestConfig(omgeving: Omgeving) {
  const queryClient = useQueryClient();
  const namens = useActingFor();
  return useMutation({
    mutationFn: (body: NewestConfig) => switchToNewestConfig(omgeving, body, { namens }),
    meta: { changes: [configsChange(omgeving)] },
    onSuccess: (sender) => replaceSender(queryClient, omgeving, sender),
  });
}
