import { IMPLEMENTS_FOR, implementsFor } from '@knooppunt/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useUrlParam } from '@/lib/use-url-param';
import { useImplementationLinks } from './get-implementation-links';

/** Another participant's data is another list: back to its first page. */
const RESETS = ['page'];
const NO_ROLES: readonly string[] = [];

/**
 * 'Namens' (decision 0041): a user whose roles implement for aannemers or netbeheerders works for
 * the participants its organisation is linked to, one at a time (Testtool, Configuraties, Uitval).
 * The choice is in the URL as `?namens=`; without one, or with one it may not choose, the first of
 * them. Call it outside an `ActingForProvider`: it needs the user's own roles.
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
    /** Whose data to show is known: at once for anyone else, for a partner once its links are in. */
    settled: !partner || !links.isPending,
  };
}

export type Namens = ReturnType<typeof useNamens>;
