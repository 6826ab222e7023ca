import type { AansluitingMessageType } from '../messageTypes';
import type { BerichtInput } from './envelope';

type Example<T extends BerichtInput['type']> = Extract<BerichtInput, { type: T }>;

/** One order's story: a new 3x25A electricity connection in Utrecht, from order to completion. */
const base = { versienummer: '2.0', opdrachtId: 'STD-2025-004711' } as const;

export const AANSLUITING_EXAMPLES: { [T in AansluitingMessageType]: Example<T> } = {
  Opdracht: {
    type: 'Opdracht',
    ...base,
    data: {
      opdrachtnemer: 'Aannemer_Alfa',
      adres: {
        straat: 'Biltstraat',
        huisnummer: 112,
        huisnummerToevoeging: 'bis',
        postcode: '3572 BH',
        plaats: 'Utrecht',
        bagId: '0344010000087231',
      },
      discipline: 'Elektra',
      werkzaamheden: {
        aansluiting: 'Nieuw',
        binnenwerk: false,
        meter: 'Plaatsen',
        typeAansluiting: '3x25A',
        fysiekeStatus: 'In bedrijf',
        wijzigenCapaciteit: false,
      },
      gewensteUitvoerdatum: '2025-10-14',
      eanCode: '871687120054312345',
      omschrijving: 'Nieuwe aansluiting voor verbouwd bovenhuis; meterkast aan de voorgevel.',
      contactpersoon: { naam: 'Fatima el Amrani', telefoon: '06 12345678', email: 'f.elamrani@example.nl' },
    },
  },
  Bijstelling: {
    type: 'Bijstelling',
    ...base,
    data: {
      reden: 'Trottoir ligt open voor rioleringswerk van de gemeente tot eind oktober.',
      voorstel: { nieuweUitvoerdatum: '2025-11-04' },
    },
  },
  Planning: {
    type: 'Planning',
    ...base,
    data: {
      geplandeStartdatum: '2025-11-04',
      geplandeEinddatum: '2025-11-05',
      toelichting: 'Graafwerk op dag 1, meter plaatsen op dag 2.',
    },
  },
  TG: {
    type: 'TG',
    ...base,
    data: {
      uitvoerdatum: '2025-11-05',
      meter: {
        meternummer: 'E0031600012345678',
        fabrikant: 'Kaifa',
        type: 'MA304C',
        standen: [
          { telwerk: '1.8.1', stand: 0 },
          { telwerk: '1.8.2', stand: 0 },
        ],
      },
      kabelOfLeiding: { type: 'VMvKhas 4x10', lengteMeter: 14.5 },
      fotos: ['foto/STD-2025-004711/meterkast.jpg', 'foto/STD-2025-004711/sleuf.jpg'],
    },
  },
  AGA: {
    type: 'AGA',
    ...base,
    data: {
      assets: [
        {
          soort: 'Kabel',
          objectId: 'KBL-344-778812',
          coordinaten: { x: 137_245.12, y: 456_310.48 },
          materiaal: 'VMvKhas 4x10',
          lengteMeter: 14.5,
        },
        {
          soort: 'Mof',
          objectId: 'MOF-344-112904',
          coordinaten: { x: 137_232.8, y: 456_301.05 },
          materiaal: 'Aftakmof 4x10/4x150',
        },
      ],
    },
  },
  AGP: {
    type: 'AGP',
    ...base,
    data: {
      regels: [
        { code: 'E-110', omschrijving: 'Graven en dichten sleuf in trottoir', aantal: 12, eenheid: 'm' },
        { code: 'E-240', omschrijving: 'Leggen aansluitkabel 4x10', aantal: 14.5, eenheid: 'm' },
        { code: 'E-510', omschrijving: 'Plaatsen slimme meter', aantal: 1, eenheid: 'st' },
      ],
    },
  },
  BeoordelingTG: { type: 'BeoordelingTG', ...base, data: { akkoord: true } },
  BeoordelingAGA: {
    type: 'BeoordelingAGA',
    ...base,
    data: { akkoord: false, reden: 'Coördinaten van de mof liggen 40 m buiten het tracé.' },
  },
  BeoordelingAGP: { type: 'BeoordelingAGP', ...base, data: { akkoord: true } },
  OpdrachtGereed: { type: 'OpdrachtGereed', ...base, data: { afgerondOp: '2025-12-01' } },
  Annulering: { type: 'Annulering', ...base, data: { reden: 'Klant heeft de aanvraag ingetrokken.' } },
  AnnuleringGereed: { type: 'AnnuleringGereed', ...base, data: { bevestigdOp: '2025-10-20', kostenGemaakt: false } },
};
