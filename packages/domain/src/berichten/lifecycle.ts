import type { Flow, MessageType, Side } from '../messageTypes';
import {
  AANSLUITING_STATUSSEN,
  HOOFDNET_STATUSSEN,
  openStatussen,
  type LeveringType,
  type StatusOutcome,
} from './statussen';

/** One transition of the order lifecycle (docs/lifecycle.md is `lifecycleMarkdown()`). */
export interface LifecycleRow {
  flow: Flow;
  type: MessageType;
  /** The side that sends the type: the opposite of its owner side in messageTypes.ts. */
  senderSide: Side;
  /** 'nieuw': the message creates the order; otherwise the statuses the order must be in. */
  from: 'nieuw' | readonly number[];
  /** An assessment's outcome follows `data.akkoord`; 'ongewijzigd' keeps the order's status. */
  to: StatusOutcome | { akkoord: StatusOutcome; nietAkkoord: StatusOutcome } | 'ongewijzigd';
  /** BeoordelingLevering only: the row applies to the assessment of this kind of levering. */
  leveringType?: LeveringType;
  /**
   * What the message does to the levering named by `data.leveringId`: 'indienen' creates or
   * resubmits it, 'beoordelen' records the assessment, 'verwijzen' only requires it to exist.
   */
  levering?: 'indienen' | 'beoordelen' | 'verwijzen';
  /** PlanningHoofdnet: the order's planStatusText becomes `data.planStatus`. */
  planStatus?: true;
  toelichting: string;
}

const A = AANSLUITING_STATUSSEN;
const H = HOOFDNET_STATUSSEN;

const aansluiting = (row: Omit<LifecycleRow, 'flow'>): LifecycleRow => ({ flow: 'aansluiting', ...row });
const hoofdnet = (row: Omit<LifecycleRow, 'flow'>): LifecycleRow => ({ flow: 'hoofdnet', ...row });

export const AANSLUITING_LIFECYCLE: readonly LifecycleRow[] = [
  aansluiting({
    type: 'Opdracht',
    senderSide: 'opdrachtgever',
    from: 'nieuw',
    to: A.verstrekt,
    toelichting: 'Maakt de opdracht aan.',
  }),
  aansluiting({
    type: 'Planning',
    senderSide: 'opdrachtnemer',
    from: [100, 150, 200],
    to: A.gepland,
    toelichting: 'Ook een nieuwe planning na een bijstelling.',
  }),
  aansluiting({
    type: 'Bijstelling',
    senderSide: 'opdrachtnemer',
    from: [100, 150, 200],
    to: A.bijstelling,
    toelichting: 'Voorstel voor een andere datum of meerwerk; een nieuwe Planning volgt.',
  }),
  aansluiting({
    type: 'TG',
    senderSide: 'opdrachtnemer',
    from: [200, 310],
    to: A.tgGemeld,
    toelichting: 'Ook opnieuw na afkeuring.',
  }),
  aansluiting({
    type: 'BeoordelingTG',
    senderSide: 'opdrachtgever',
    from: [300],
    to: { akkoord: A.tgGoedgekeurd, nietAkkoord: A.tgAfgekeurd },
    toelichting: 'Uitkomst volgt data.akkoord.',
  }),
  aansluiting({
    type: 'AGA',
    senderSide: 'opdrachtnemer',
    from: [350, 410],
    to: A.agaGemeld,
    toelichting: 'Ook opnieuw na afkeuring.',
  }),
  aansluiting({
    type: 'BeoordelingAGA',
    senderSide: 'opdrachtgever',
    from: [400],
    to: { akkoord: A.agaGoedgekeurd, nietAkkoord: A.agaAfgekeurd },
    toelichting: 'Uitkomst volgt data.akkoord.',
  }),
  aansluiting({
    type: 'AGP',
    senderSide: 'opdrachtnemer',
    from: [450, 510],
    to: A.agpGemeld,
    toelichting: 'Ook opnieuw na afkeuring.',
  }),
  aansluiting({
    type: 'BeoordelingAGP',
    senderSide: 'opdrachtgever',
    from: [500],
    to: { akkoord: A.agpGoedgekeurd, nietAkkoord: A.agpAfgekeurd },
    toelichting: 'Uitkomst volgt data.akkoord.',
  }),
  aansluiting({
    type: 'OpdrachtGereed',
    senderSide: 'opdrachtgever',
    from: [550],
    to: A.gereed,
    toelichting: 'Sluit de opdracht af.',
  }),
  aansluiting({
    type: 'Annulering',
    senderSide: 'opdrachtgever',
    from: openStatussen('aansluiting', [800]),
    to: A.annuleringAangevraagd,
    toelichting: 'Vanuit elke open status; de opdrachtnemer bevestigt.',
  }),
  aansluiting({
    type: 'AnnuleringGereed',
    senderSide: 'opdrachtnemer',
    from: [800],
    to: A.geannuleerd,
    toelichting: 'Daarna niet meer annuleerbaar.',
  }),
];

export const HOOFDNET_LIFECYCLE: readonly LifecycleRow[] = [
  hoofdnet({
    type: 'OpdrachtHoofdnet',
    senderSide: 'opdrachtgever',
    from: 'nieuw',
    to: H.verstrekt,
    toelichting: 'Maakt de opdracht aan.',
  }),
  hoofdnet({
    type: 'BeoordelingHoofdnet',
    senderSide: 'opdrachtnemer',
    from: [100, 150],
    to: { akkoord: H.geaccepteerd, nietAkkoord: H.afgewezen },
    toelichting: 'De opdrachtnemer aanvaardt of weigert de opdracht; na weigering kan hij alsnog aanvaarden.',
  }),
  hoofdnet({
    type: 'PlanningHoofdnet',
    senderSide: 'opdrachtnemer',
    from: [200, 300],
    to: H.gepland,
    planStatus: true,
    toelichting: 'Plan status wordt data.planStatus.',
  }),
  hoofdnet({
    type: 'PlanningHoofdnet',
    senderSide: 'opdrachtnemer',
    from: [400, 510],
    to: 'ongewijzigd',
    planStatus: true,
    toelichting: 'Planning bijgewerkt tijdens de uitvoering; alleen de plan status wijzigt.',
  }),
  hoofdnet({
    type: 'Deellevering',
    senderSide: 'opdrachtnemer',
    from: [300, 400],
    to: H.inUitvoering,
    levering: 'indienen',
    toelichting: 'Levering wordt Ingediend (nieuw, of opnieuw na afkeuring).',
  }),
  hoofdnet({
    type: 'Deelproductiestaat',
    senderSide: 'opdrachtnemer',
    from: [400, 500, 510, 600],
    to: 'ongewijzigd',
    levering: 'verwijzen',
    toelichting: 'Een genoemde levering moet bestaan.',
  }),
  hoofdnet({
    type: 'Eindlevering',
    senderSide: 'opdrachtnemer',
    from: [300, 400, 510],
    to: H.eindleveringIngediend,
    levering: 'indienen',
    toelichting: 'Levering wordt Ingediend (nieuw, of opnieuw na afkeuring).',
  }),
  hoofdnet({
    type: 'Eindproductiestaat',
    senderSide: 'opdrachtnemer',
    from: [500, 510, 600],
    to: 'ongewijzigd',
    levering: 'verwijzen',
    toelichting: 'Een genoemde levering moet bestaan.',
  }),
  hoofdnet({
    type: 'BeoordelingLevering',
    leveringType: 'Deellevering',
    senderSide: 'opdrachtgever',
    from: [400, 500, 510, 600],
    to: 'ongewijzigd',
    levering: 'beoordelen',
    toelichting: 'Levering wordt Goedgekeurd of Afgekeurd.',
  }),
  hoofdnet({
    type: 'BeoordelingLevering',
    leveringType: 'Eindlevering',
    senderSide: 'opdrachtgever',
    from: [500],
    to: { akkoord: H.eindleveringGoedgekeurd, nietAkkoord: H.eindleveringAfgekeurd },
    levering: 'beoordelen',
    toelichting: 'Levering en opdracht volgen data.akkoord.',
  }),
  hoofdnet({
    type: 'OpdrachtGereedHoofdnet',
    senderSide: 'opdrachtgever',
    from: [600],
    to: H.gereed,
    toelichting: 'Alleen na een goedgekeurde eindlevering.',
  }),
  hoofdnet({
    type: 'AnnuleringHoofdnet',
    senderSide: 'opdrachtgever',
    from: openStatussen('hoofdnet'),
    to: H.geannuleerd,
    toelichting: 'Hoofdnet kent geen bevestiging: direct geannuleerd.',
  }),
];

export const LIFECYCLE: readonly LifecycleRow[] = [...AANSLUITING_LIFECYCLE, ...HOOFDNET_LIFECYCLE];
