import { actingRoles } from '@knooppunt/domain';
import { useMemo, type ReactNode } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { ActingForContext } from './acting-for';

const NO_ROLES: readonly string[] = [];

/**
 * The participant the screen below acts for (decision 0041), as an implementation partner's user
 * chose it under 'Namens'. Every call below sends it (`x-namens-deelnemer`) and the user is seen as
 * the server then sees it: that participant's, with its acting roles only (`useCurrentUser`).
 * Without a participant nothing changes.
 */
export function ActingForProvider({ deelnemer, children }: { deelnemer: string | undefined; children: ReactNode }) {
  const roles = useCurrentUser()?.roles ?? NO_ROLES;
  const value = useMemo(() => (deelnemer ? { deelnemer, roles: actingRoles(roles) } : undefined), [deelnemer, roles]);
  return <ActingForContext value={value}>{children}</ActingForContext>;
}
