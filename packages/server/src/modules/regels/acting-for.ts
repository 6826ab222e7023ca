import { actsForNetbeheerder, mayChangeRulesOf, REGELS_TEXTS } from '@knooppunt/domain';
import type { Actor } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ForbiddenError, ValidationError } from '../../errors';
import { isNetbeheerder } from '../organisations/repository';

/** The caller as the audit records it: acting for `netbeheerder` when that is not its own deelnemer. */
export const actorFor = (user: AuthUser, netbeheerder: string): Actor => ({
  ...user,
  actingFor: netbeheerder === user.deelnemer ? undefined : netbeheerder,
});

/**
 * The netbeheerder that new rules (a scenario, a copy, a value list, a published version) are for
 * (decision 0029). A super-role user with the edit right names it in `requested`: required, and an
 * existing organisation of type Netbeheerder (400 naming the field). Anyone else acts for their own
 * deelnemer, which must be a netbeheerder (403 `notNetbeheerder`); naming another is a 403, never
 * silently their own.
 */
export async function netbeheerderFor(
  db: Database,
  user: AuthUser,
  requested: string | undefined,
  notNetbeheerder: string,
): Promise<{ netbeheerder: string; actor: Actor }> {
  if (actsForNetbeheerder(user.permissions)) {
    if (requested === undefined) throw new ValidationError('netbeheerder', REGELS_TEXTS.namensVerplicht);
    if (!(await isNetbeheerder(db, requested))) {
      throw new ValidationError('netbeheerder', REGELS_TEXTS.namensGeenNetbeheerder(requested));
    }
    return { netbeheerder: requested, actor: actorFor(user, requested) };
  }
  if (requested !== undefined && requested !== user.deelnemer) {
    throw new ForbiddenError(REGELS_TEXTS.namensNietToegestaan);
  }
  if (!user.deelnemer || !(await isNetbeheerder(db, user.deelnemer))) throw new ForbiddenError(notNetbeheerder);
  return { netbeheerder: user.deelnemer, actor: user };
}

/**
 * The caller who changes or deletes rules of `netbeheerder` (a concept scenario, a value list):
 * its own deelnemer's, or any as a super-role user acting for their netbeheerder (403 `notOwn`).
 */
export function changerOf(user: AuthUser, netbeheerder: string, notOwn: string): Actor {
  if (!mayChangeRulesOf(user.permissions, user.deelnemer, netbeheerder)) throw new ForbiddenError(notOwn);
  return actorFor(user, netbeheerder);
}
