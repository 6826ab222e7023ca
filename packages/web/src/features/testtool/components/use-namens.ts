import { IMPLEMENTS_FOR, implementsFor } from '@knooppunt/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useImplementationLinks } from '../api/get-implementation-links';
import { useUrlParam } from './use-url-param';

/** Another participant's runs are another list: back to its first page. */
const RESETS = ['page'];
const NO_ROLES: readonly string[] = [];

/**
 * 'Namens' (decision 0041): a user whose roles implement for aannemers or netbeheerders tests the
 * systems of the participants its organisation is linked to, one at a time. The choice is in the
 * URL as `?namens=`; without one, or with one it may not choose, the first of them.
 */
export function useNamens() {
  const user = useCurrentUser();
  const roles = user?.roles ?? NO_ROLES;
  const partner = roles.some((role) => Object.hasOwn(IMPLEMENTS_FOR, role));
  const links = useImplementationLinks(partner);
  const [chosen, setNamens] = useUrlParam('namens', RESETS);

  const choices = useMemo(
    () =>
      [
        ...new Set(
          (links.data?.items ?? [])
            .filter((link) => link.partner === user?.deelnemer && implementsFor(roles, link.type))
            .map((link) => link.deelnemer),
        ),
      ].sort((a, b) => a.localeCompare(b, 'nl')),
    [links.data, user?.deelnemer, roles],
  );
  const namens = chosen && choices.includes(chosen) ? chosen : choices[0];
  return {
    /** Whether the user implements for others: only then is there a choice. */
    partner,
    choices,
    /** The participant acted for; none for who acts for its own organisation. */
    namens: partner ? namens : undefined,
    setNamens,
    links,
    /** Whose runs to list is known: at once for anyone else, for a partner once its links are in. */
    settled: !partner || !links.isPending,
  };
}
