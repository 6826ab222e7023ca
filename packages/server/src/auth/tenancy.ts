import type { AuthUser } from './verifier';

/**
 * Whose data a caller may see: everyone's with the super role (`undefined`), else only their own
 * deelnemer's (decisions 0007 and 0010). A caller without a deelnemer claim sees nothing (`''`
 * matches no participant).
 */
export function visibleDeelnemer(user: AuthUser): string | undefined {
  return user.permissions.canSeeAllParticipants ? undefined : (user.deelnemer ?? '');
}
