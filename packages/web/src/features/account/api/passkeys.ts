import type { AddedPasskey, PasskeyList, PasskeyOptions } from '@knooppunt/domain';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/*
 * The signed-in user's passkeys and security keys (decision 0054 'Passkeys'): the list, 'Passkey
 * toevoegen' (the server's options, the browser's WebAuthn registration, its answer registered)
 * and removal. The list's key is written here only; both changes refresh it.
 */

export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return apiRequest('GET', '/rest/account/passkeys', undefined, { signal });
}

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'passkeys'],
    queryFn: ({ signal }) => getPasskeys(signal),
  });
}

export function usePasskeys() {
  return useAuthenticatedQuery(passkeysQueryOptions());
}

/**
 * 'Passkey toevoegen': asks the browser (and the user's authenticator) for a new passkey with the
 * server's options, then registers its answer. The answer holds ten recovery codes when the user
 * had none left. Rejects with the browser's error when no passkey was made (cancelled, or one of
 * the user's own again).
 */
export async function addPasskey(): Promise<AddedPasskey> {
  const { ticket, options } = await apiRequest<PasskeyOptions>('POST', '/rest/account/passkeys/options');
  // The server's options are WebAuthn's JSON form, as the library takes them.
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiRequest('POST', '/rest/account/passkeys', { ticket, response });
}

export function removePasskey(id: string): Promise<void> {
  return apiRequest('DELETE', `/rest/account/passkeys/${encodeURIComponent(id)}`);
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // A second factor more: the user lists show whether a user has one ('Tweede stap resetten').
    meta: { changes: ['users'] },
    // The list, and the 'Tweede stap' status (its passkeys and recovery codes): both under 'account'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
    // The answer may hold recovery codes: the cache forgets it once the section lets go of it.
    gcTime: 0,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    meta: { changes: ['users'] },
    // The list, and the 'Tweede stap' status (its passkeys and recovery codes): both under 'account'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
