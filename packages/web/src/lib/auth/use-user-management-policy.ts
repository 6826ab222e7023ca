import { isOperatorDeelnemer, userManagementPolicy, type Organisation } from '@knooppunt/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';

/**
 * Decision 0014 for the signed-in user, as the server applies it: the ID token's roles, deelnemer,
 * subject and e-mail, and whether that deelnemer is an organisation of type 'Beheerder' — read
 * from the organisations the screen loads anyway (every organisation is listed to user viewers).
 */
export function useUserManagementPolicy(organisations: readonly Organisation[] | undefined) {
  const user = useCurrentUser();
  return useMemo(
    () =>
      userManagementPolicy({
        roles: user?.roles ?? [],
        deelnemer: user?.deelnemer || undefined,
        operator: isOperatorDeelnemer(organisations ?? [], user?.deelnemer),
        sub: user?.sub,
        email: user?.email || undefined,
      }),
    [user, organisations],
  );
}
