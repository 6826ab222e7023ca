import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The body of POST /rest/account/password (domain `changePasswordSchema`). */
export interface ChangePassword {
  huidigWachtwoord: string;
  nieuwWachtwoord: string;
}

/**
 * 'Wachtwoord wijzigen' of the signed-in user. Answers 204; from then on every session of the user
 * has ended, this one too.
 */
export function changePassword(body: ChangePassword): Promise<void> {
  return apiRequest('POST', '/rest/account/password', body);
}

export function useChangePassword() {
  // Refreshes nothing: with the session ended every refetch would be refused, and the user logs in anew.
  return useMutation({ mutationFn: changePassword, meta: { changes: [] } });
}
