import type { HoofdnetMessageType } from '../messageTypes';
import type { BerichtInput } from './envelope';

type Example<T extends BerichtInput['type']> = Extract<BerichtInput, { type: T }>;

/** One order's story: replacing a gas main in Zwolle, delivered in two parts. */
const base = { versienummer: 'h1.0', opdrachtId: 'ENX-HN-2025-0193' } as const;

const hoeveelheden = [
  { omschrijving: 'PE 110 SDR17 leiding gelegd', aantal: 240, eenheid: 'm' },
  { omschrijving: 'Huisaansluitingen overgezet', aantal: 18, eenheid: 'st' },
] as const;

export const HOOFDNET_EXAMPLES: { [T in HoofdnetMessageType]: Example<T> } = {
  OpdrachtHoofdnet: {
    type: 'OpdrachtHoofdnet',
    ...base,
    data: {
      opdrachtnemer: 'Combi_Rivierenland',
      type: 'Vervanging',
      discipline: 'Gas',
      traceOmschrijving: 'Assendorperstraat van Burgemeester van Roijensingel tot Groot Wezenland, noordzijde.',
      plaats: 'Zwolle',
      lengteMeter: 520,
      geplandeOplevering: '2026-03-31',
      contactpersoon: { naam: 'Joost Hendriks', telefoon: '+31 38 4212000' },
    },
  },
  BeoordelingHoofdnet: { type: 'BeoordelingHoofdnet', ...base, data: { akkoord: true } },
  PlanningHoofdnet: {
    type: 'PlanningHoofdnet',
    ...base,
    data: {
      planStatus: 'Definitief',
      periodes: [
        { start: '2026-01-12', eind: '2026-02-06', omschrijving: 'Deel 1: tot de Thomas a Kempisstraat' },
        { start: '2026-02-16', eind: '2026-03-20', omschrijving: 'Deel 2: tot Groot Wezenland' },
      ],
    },
  },
  Deellevering: {
    type: 'Deellevering',
    ...base,
    data: {
      leveringId: 'DL-01',
      omschrijving: 'Deel 1 opgeleverd en in bedrijf genomen.',
      opgeleverdOp: '2026-02-06',
      hoeveelheden: [...hoeveelheden],
    },
  },
  Deelproductiestaat: {
    type: 'Deelproductiestaat',
    ...base,
    data: {
      leveringId: 'DL-01',
      regels: [
        { code: 'G-310', omschrijving: 'Leggen PE 110 in open ontgraving', aantal: 240, eenheid: 'm' },
        { code: 'G-420', omschrijving: 'Overzetten huisaansluiting', aantal: 18, eenheid: 'st' },
      ],
    },
  },
  BeoordelingLevering: { type: 'BeoordelingLevering', ...base, data: { leveringId: 'DL-01', akkoord: true } },
  Eindlevering: {
    type: 'Eindlevering',
    ...base,
    data: {
      leveringId: 'EL-01',
      omschrijving: 'Volledige leiding opgeleverd; oude leiding buiten bedrijf en afgedopt.',
      opgeleverdOp: '2026-03-20',
      hoeveelheden: [{ omschrijving: 'PE 110 SDR17 leiding gelegd', aantal: 280, eenheid: 'm' }],
    },
  },
  Eindproductiestaat: {
    type: 'Eindproductiestaat',
    ...base,
    data: {
      leveringId: 'EL-01',
      regels: [
        { code: 'G-310', omschrijving: 'Leggen PE 110 in open ontgraving', aantal: 280, eenheid: 'm' },
        { code: 'G-650', omschrijving: 'Buiten bedrijf stellen en afdoppen oude leiding', aantal: 1, eenheid: 'st' },
      ],
    },
  },
  OpdrachtGereedHoofdnet: { type: 'OpdrachtGereedHoofdnet', ...base, data: { afgerondOp: '2026-04-02' } },
  AnnuleringHoofdnet: {
    type: 'AnnuleringHoofdnet',
    ...base,
    data: { reden: 'Vervanging uitgesteld tot na herinrichting van de straat door de gemeente.' },
  },
};
