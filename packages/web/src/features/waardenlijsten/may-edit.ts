import { mayChangeRulesOf, type Permissions } from '@knooppunt/domain';
import type { CurrentUser } from '@/lib/auth/current-user';

/**
 * Spec 001 §6: editing or deleting a value list needs the edit-concept-rules right and the list's
 * netbeheerder equal to the user's own participant, or a super-role user acting for the list's
 * netbeheerder (decision 0029; the server's rule, `mayChangeRulesOf`). Everyone else only looks.
 */
export function mayEditWaardenlijst(
  permissions: Pick<Permissions, 'canEditConceptRules' | 'canSeeAllParticipants'>,
  user: Pick<CurrentUser, 'deelnemer'> | undefined,
  list: { netbeheerder: string },
): boolean {
  return !!user && mayChangeRulesOf(permissions, user.deelnemer, list.netbeheerder);
}
