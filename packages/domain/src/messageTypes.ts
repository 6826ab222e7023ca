/** The side of an order that receives (owns) a message type (spec 000 §3). */
export type Side = 'opdrachtgever' | 'opdrachtnemer';
export type Flow = 'aansluiting' | 'hoofdnet';

export const AANSLUITING_MESSAGE_TYPES = {
  Opdracht: 'opdrachtnemer',
  Bijstelling: 'opdrachtgever',
  Planning: 'opdrachtgever',
  TG: 'opdrachtgever',
  AGA: 'opdrachtgever',
  AGP: 'opdrachtgever',
  BeoordelingTG: 'opdrachtnemer',
  BeoordelingAGA: 'opdrachtnemer',
  BeoordelingAGP: 'opdrachtnemer',
  OpdrachtGereed: 'opdrachtnemer',
  Annulering: 'opdrachtnemer',
  AnnuleringGereed: 'opdrachtgever',
} as const satisfies Record<string, Side>;

export const HOOFDNET_MESSAGE_TYPES = {
  OpdrachtHoofdnet: 'opdrachtnemer',
  BeoordelingHoofdnet: 'opdrachtgever',
  Deellevering: 'opdrachtgever',
  Deelproductiestaat: 'opdrachtgever',
  BeoordelingLevering: 'opdrachtnemer',
  Eindlevering: 'opdrachtgever',
  Eindproductiestaat: 'opdrachtgever',
  OpdrachtGereedHoofdnet: 'opdrachtnemer',
  AnnuleringHoofdnet: 'opdrachtnemer',
  PlanningHoofdnet: 'opdrachtgever',
} as const satisfies Record<string, Side>;

export type AansluitingMessageType = keyof typeof AANSLUITING_MESSAGE_TYPES;
export type HoofdnetMessageType = keyof typeof HOOFDNET_MESSAGE_TYPES;
export type MessageType = AansluitingMessageType | HoofdnetMessageType;

/** Version numbers that start with 'h' belong to the Hoofdnet flow. */
export function flowOf(versienummer: string): Flow {
  return versienummer.startsWith('h') ? 'hoofdnet' : 'aansluiting';
}

export function isHoofdnet(versienummer: string): boolean {
  return flowOf(versienummer) === 'hoofdnet';
}

export function messageTypesOf(flow: Flow): Record<string, Side> {
  return flow === 'hoofdnet' ? HOOFDNET_MESSAGE_TYPES : AANSLUITING_MESSAGE_TYPES;
}

/** The message types of a flow received by one side (the 'opdrachtnemer group' and the rest). */
export function messageTypesFor(flow: Flow, side: Side): string[] {
  return Object.entries(messageTypesOf(flow))
    .filter(([, owner]) => owner === side)
    .map(([type]) => type);
}
