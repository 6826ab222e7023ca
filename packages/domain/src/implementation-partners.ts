import { z } from 'zod';
import { ORGANISATION_NAME_MAX } from './constants';

/*
 * Implementation partners (issue 28 item 4, decision 0041): an organisation of type Implementatie
 * partner builds the systems of the participants it is linked to, and its users act for them —
 * 'Implementeert voor Aannemer' for linked aannemers and combi's, 'Implementeert voor
 * Netbeheerder' for linked netbeheerders and gedelegeerd netbeheerders.
 */

export const IMPLEMENTATION_PARTNER_TYPE = 'Implementatie partner';

/** Per role, the organisation types of the participants its holder acts for. */
export const IMPLEMENTS_FOR: Record<string, readonly string[]> = {
  'Implementeert voor Aannemer': ['Aannemer', 'Combi'],
  'Implementeert voor Netbeheerder': ['Netbeheerder', 'Gedelegeerd netbeheerder'],
};

/** Whether a user with these roles acts for a linked participant of this organisation type. */
export function implementsFor(roles: readonly string[], organisationType: string): boolean {
  return roles.some((role) => IMPLEMENTS_FOR[role]?.includes(organisationType) ?? false);
}

/**
 * The roles whose rights a partner's user holds while it acts for a participant (spec 001 §6 gives
 * the Implementatie partner these for its participants' configurations, uitval and Testtool): its
 * other roles ('Business rules Zoeken', or any a user manager added) stay its own organisation's.
 */
export const ACTING_ROLES = ['Configuraties Beheren', 'Uitval Beheren', 'Testtool Verzenden'] as const;

/** What a user holding `roles` may do while acting for a participant: only its acting roles' rights. */
export function actingRoles(roles: readonly string[]): string[] {
  return roles.filter((role) => (ACTING_ROLES as readonly string[]).includes(role));
}

/** The organisation types an implementation partner may be linked to. */
export const IMPLEMENTED_TYPES = [...new Set(Object.values(IMPLEMENTS_FOR).flat())];

export const IMPLEMENTATION_TEXTS = {
  notAPartner: (organisatie: string) => `Organisatie '${organisatie}' is geen implementatiepartner.`,
  notImplementable: (organisatie: string, type: string) =>
    `Voor organisatie '${organisatie}' (${type}) implementeert geen partner: alleen voor netbeheerders, gedelegeerd netbeheerders, aannemers en combi's.`,
  unknown: (organisatie: string) => `Organisatie '${organisatie}' bestaat niet.`,
  exists: 'Deze implementatiepartner is al aan deze deelnemer gekoppeld.',
  notFound: 'Deze koppeling bestaat niet.',
  forbidden:
    'Alleen het beheer van Knooppunt of de gebruikersbeheerder van de deelnemer zelf koppelt een implementatiepartner.',
  notVisible: 'U ziet alleen de koppelingen van uw eigen organisatie.',
} as const;

export const implementationLinkBodySchema = z.object({
  partner: z.string().min(1).max(ORGANISATION_NAME_MAX),
  deelnemer: z.string().min(1).max(ORGANISATION_NAME_MAX),
});

export const implementationLinkSchema = z.object({
  partner: z.string(),
  deelnemer: z.string(),
  /** The participant's organisation type. */
  type: z.string(),
  created: z.string(),
  createdBy: z.string(),
});
export type ImplementationLink = z.infer<typeof implementationLinkSchema>;

export const implementationLinkListSchema = z.object({ items: z.array(implementationLinkSchema) });
export const implementationLinkQuerySchema = z.object({
  organisatie: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
});
