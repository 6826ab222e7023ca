import type { Permissions } from '@knooppunt/domain';
import type { CurrentUser } from '@/lib/auth/current-user';

/**
 * Spec 001 §6: editing or deleting a value list needs the edit-concept-rules right and the list's
 * netbeheerder equal to the user's own participant. Everyone else only looks.
 */
export function mayEditWaardenlijst(
  permissions: Pick<Permissions, 'canEditConceptRules'>,
  user: Pick<CurrentUser, 'deelnemer'> | undefined,
  list: { netbeheerder: string },
): boolean {
  return permissions.canEditConceptRules && !!user?.deelnemer && user.deelnemer === list.netbeheerder;
}
