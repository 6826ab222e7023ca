import { DISCIPLINES, type Discipline } from '../constants';

/**
 * Reference data of the business rules (spec 001 §3 'Reference data'): the message versions a rule
 * book exists for, and the values of the six kinds of work (werkzaamheden) a scenario is chosen
 * by. Booleans of the Opdracht message are 'Ja'/'Nee' here; an optional kind the order leaves out
 * is 'Geen'. The disciplines are the fixed seven of constants.ts.
 */
export const BERICHT_VERSIES = ['1.36', '2.0'] as const;
export type BerichtVersie = (typeof BERICHT_VERSIES)[number];

export const WERKZAAMHEDEN = [
  'aansluiting',
  'binnenwerk',
  'meter',
  'typeAansluiting',
  'fysiekeStatus',
  'wijzigenCapaciteit',
] as const;
export type Werkzaamheid = (typeof WERKZAAMHEDEN)[number];
export type Werkzaamheden = Record<Werkzaamheid, string>;

/** Column and picker labels of the six kinds of work. */
export const WERKZAAMHEID_LABELS: Record<Werkzaamheid, string> = {
  aansluiting: 'Aansluiting',
  binnenwerk: 'Binnenwerk',
  meter: 'Meter',
  typeAansluiting: 'Type aansluiting',
  fysiekeStatus: 'Fysieke status',
  wijzigenCapaciteit: 'Wijzigen capaciteit',
};

export const GEEN = 'Geen';

export const WERKZAAMHEDEN_WAARDEN: Record<Werkzaamheid, readonly string[]> = {
  aansluiting: ['Nieuw', 'Wijzigen', 'Verwijderen', GEEN],
  binnenwerk: ['Ja', 'Nee'],
  meter: ['Plaatsen', 'Wisselen', 'Verwijderen', GEEN],
  typeAansluiting: [
    '1x25A',
    '1x35A',
    '3x25A',
    '3x35A',
    '3x50A',
    '3x63A',
    '3x80A',
    'G4',
    'G6',
    'G10',
    'G16',
    'G25',
    'Qn 2,5',
    'Qn 6',
    GEEN,
  ],
  fysiekeStatus: ['In bedrijf', 'Uit bedrijf', 'Afgesloten', 'Verwijderd', GEEN],
  wijzigenCapaciteit: ['Ja', 'Nee'],
};

/** The work-type values of an order as its Opdracht message states them (aansluiting.ts). */
export function werkzaamhedenOfOrder(werk: {
  aansluiting: string;
  binnenwerk: boolean;
  meter: string;
  typeAansluiting?: string | undefined;
  fysiekeStatus?: string | undefined;
  wijzigenCapaciteit: boolean;
}): Werkzaamheden {
  return {
    aansluiting: werk.aansluiting,
    binnenwerk: werk.binnenwerk ? 'Ja' : 'Nee',
    meter: werk.meter,
    typeAansluiting: werk.typeAansluiting ?? GEEN,
    fysiekeStatus: werk.fysiekeStatus ?? GEEN,
    wijzigenCapaciteit: werk.wijzigenCapaciteit ? 'Ja' : 'Nee',
  };
}

export const isDiscipline = (value: string): value is Discipline => (DISCIPLINES as readonly string[]).includes(value);
