import type { Permissions } from '../permissions';

type RulesRights = Pick<Permissions, 'canEditConceptRules' | 'canSeeAllParticipants'>;

/**
 * Who may write business rules (spec 001 §6, decision 0029), read by the server's services and the
 * portal's buttons alike, so the portal offers no action the server refuses.
 *
 * A super-role user has the edit-concept-rules right but belongs to no grid operator: it acts for
 * a netbeheerder it names (the dialogs' 'Netbeheerder' select; on an existing scenario or value
 * list, that one's netbeheerder). Everyone else with the right acts for their own deelnemer only.
 */
export function actsForNetbeheerder(rights: RulesRights): boolean {
  return rights.canEditConceptRules && rights.canSeeAllParticipants;
}

/**
 * Whether the user may make rules (a new scenario, a copy, a new value list) and publish a
 * version: acting for a netbeheerder, or with the right as staff of one of `netbeheerders`.
 */
export function mayMakeRules(
  rights: RulesRights,
  deelnemer: string | undefined,
  netbeheerders: readonly string[],
): boolean {
  return (
    actsForNetbeheerder(rights) || (rights.canEditConceptRules && !!deelnemer && netbeheerders.includes(deelnemer))
  );
}

/**
 * Whether the user may change or delete rules of `netbeheerder`: a concept scenario (omschrijving,
 * obligations) or a value list. Spec 001 §6: the right and the user's own deelnemer, or acting for it.
 */
export function mayChangeRulesOf(rights: RulesRights, deelnemer: string | undefined, netbeheerder: string): boolean {
  return actsForNetbeheerder(rights) || (rights.canEditConceptRules && !!deelnemer && deelnemer === netbeheerder);
}
