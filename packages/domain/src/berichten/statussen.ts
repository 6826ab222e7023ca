import { NON_CANCELLABLE_STATUSES, OPDRACHT_FINISHED_THRESHOLD } from '../constants';
import type { Flow } from '../messageTypes';

/** The statuses of an order per flow: below 900 open, 900 and above finished (spec 000 §4). */
export interface StatusOutcome {
  status: number;
  statusText: string;
}

export type LeveringType = 'Deellevering' | 'Eindlevering';
export type LeveringBeoordeling = 'Goedgekeurd' | 'Afgekeurd';

export const AANSLUITING_STATUSSEN = {
  verstrekt: { status: 100, statusText: 'Opdracht verstrekt' },
  bijstelling: { status: 150, statusText: 'Bijstelling ingediend' },
  gepland: { status: 200, statusText: 'Gepland' },
  tgGemeld: { status: 300, statusText: 'Technisch gereed gemeld' },
  tgAfgekeurd: { status: 310, statusText: 'Technisch gereed afgekeurd' },
  tgGoedgekeurd: { status: 350, statusText: 'Technisch gereed goedgekeurd' },
  agaGemeld: { status: 400, statusText: 'Administratief gereed assets gemeld' },
  agaAfgekeurd: { status: 410, statusText: 'Administratief gereed assets afgekeurd' },
  agaGoedgekeurd: { status: 450, statusText: 'Administratief gereed assets goedgekeurd' },
  agpGemeld: { status: 500, statusText: 'Administratief gereed productiestaat gemeld' },
  agpAfgekeurd: { status: 510, statusText: 'Administratief gereed productiestaat afgekeurd' },
  agpGoedgekeurd: { status: 550, statusText: 'Administratief gereed productiestaat goedgekeurd' },
  annuleringAangevraagd: { status: 800, statusText: 'Annulering aangevraagd' },
  gereed: { status: 900, statusText: 'Opdracht gereed' },
  geannuleerd: { status: 910, statusText: 'Opdracht geannuleerd' },
} as const satisfies Record<string, StatusOutcome>;

export const HOOFDNET_STATUSSEN = {
  verstrekt: { status: 100, statusText: 'Opdracht verstrekt' },
  afgewezen: { status: 150, statusText: 'Opdracht afgewezen' },
  geaccepteerd: { status: 200, statusText: 'Opdracht geaccepteerd' },
  gepland: { status: 300, statusText: 'Gepland' },
  inUitvoering: { status: 400, statusText: 'In uitvoering' },
  eindleveringIngediend: { status: 500, statusText: 'Eindlevering ingediend' },
  eindleveringAfgekeurd: { status: 510, statusText: 'Eindlevering afgekeurd' },
  eindleveringGoedgekeurd: { status: 600, statusText: 'Eindlevering goedgekeurd' },
  gereed: { status: 900, statusText: 'Opdracht gereed' },
  geannuleerd: { status: 910, statusText: 'Opdracht geannuleerd' },
} as const satisfies Record<string, StatusOutcome>;

/** Set by an administrator in the portal, never by a message (spec 000 §4). */
export const MANUAL_CANCEL = { status: 990, statusText: 'Opdracht handmatig geannuleerd' } as const;

export const LEVERING_STATUS_TEXT = {
  ingediend: 'Ingediend',
  goedgekeurd: 'Goedgekeurd',
  afgekeurd: 'Afgekeurd',
} as const;

/** Open orders; an order whose status is 'error' counts as neither open nor finished. */
export function isOpen(status: number | 'error'): boolean {
  return status !== 'error' && status < OPDRACHT_FINISHED_THRESHOLD;
}

/** Manual cancel is refused only in 910 and 990 (spec 000 §4), so a finished 900 order can still be cancelled. */
export function isCancellable(status: number | 'error'): boolean {
  return status === 'error' || !NON_CANCELLABLE_STATUSES.includes(status);
}

/** Every status an order of the flow can have, ascending, including the manual cancel. */
export function statussenOf(flow: Flow): StatusOutcome[] {
  const statussen: StatusOutcome[] = Object.values(flow === 'hoofdnet' ? HOOFDNET_STATUSSEN : AANSLUITING_STATUSSEN);
  return [...statussen, MANUAL_CANCEL].sort((a, b) => a.status - b.status);
}

export function statusTextOf(flow: Flow, status: number): string | undefined {
  return statussenOf(flow).find((outcome) => outcome.status === status)?.statusText;
}

/** The open statuses of the flow, ascending, leaving out `except`. */
export function openStatussen(flow: Flow, except: number[] = []): number[] {
  return statussenOf(flow)
    .map((outcome) => outcome.status)
    .filter((status) => isOpen(status) && !except.includes(status));
}
