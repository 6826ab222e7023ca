import { describe, expect, it } from 'vitest';
import { messageTypesOf, type Flow, type MessageType, type Side } from '../messageTypes';
import { EXAMPLE_BERICHTEN } from './examples';
import { isCancellable, isOpen, MANUAL_CANCEL } from './statussen';
import { transition, type LeveringState, type TransitionResult } from './transition';

interface Order {
  status: number;
  statusText: string;
  planStatusText?: string;
  leveringen: LeveringState[];
}

function senderOf(flow: Flow, type: MessageType): Side {
  return messageTypesOf(flow)[type] === 'opdrachtnemer' ? 'opdrachtgever' : 'opdrachtnemer';
}

/** Sends a message of the right side, with the type's example data changed by `data`. */
function send(flow: Flow, order: Order | undefined, type: MessageType, data: object = {}): TransitionResult {
  const { data: example } = EXAMPLE_BERICHTEN[type];
  return transition({ flow, type, senderSide: senderOf(flow, type), current: order, data: { ...example, ...data } });
}

/** Stores an outcome the way the server does: status, plan status and the levering upserted. */
function store(order: Order | undefined, result: TransitionResult): Order {
  if (!result.ok) throw new Error(result.message);
  const leveringen = (order?.leveringen ?? []).filter(
    (levering) => levering.leveringId !== result.levering?.leveringId,
  );
  if (result.levering) leveringen.push(result.levering);
  return {
    status: result.status,
    statusText: result.statusText,
    planStatusText: result.planStatusText ?? order?.planStatusText,
    leveringen,
  };
}

type Step = [MessageType, object, number, string];

function walk(flow: Flow, steps: Step[]): Order | undefined {
  let order: Order | undefined;
  for (const [type, data, status, statusText] of steps) {
    order = store(order, send(flow, order, type, data));
    expect([type, order.status, order.statusText]).toEqual([type, status, statusText]);
  }
  return order;
}

const at = (status: number, leveringen: LeveringState[] = []): Order => ({ status, statusText: '', leveringen });

describe('transition, Aansluiting', () => {
  it('follows an order from Opdracht to Opdracht gereed, with an amendment and a rejected TG', () => {
    walk('aansluiting', [
      ['Opdracht', {}, 100, 'Opdracht verstrekt'],
      ['Bijstelling', {}, 150, 'Bijstelling ingediend'],
      ['Planning', {}, 200, 'Gepland'],
      ['TG', {}, 300, 'Technisch gereed gemeld'],
      ['BeoordelingTG', { akkoord: false, reden: 'Meterstanden ontbreken.' }, 310, 'Technisch gereed afgekeurd'],
      ['TG', {}, 300, 'Technisch gereed gemeld'],
      ['BeoordelingTG', { akkoord: true }, 350, 'Technisch gereed goedgekeurd'],
      ['AGA', {}, 400, 'Administratief gereed assets gemeld'],
      ['BeoordelingAGA', { akkoord: false }, 410, 'Administratief gereed assets afgekeurd'],
      ['AGA', {}, 400, 'Administratief gereed assets gemeld'],
      ['BeoordelingAGA', { akkoord: true }, 450, 'Administratief gereed assets goedgekeurd'],
      ['AGP', {}, 500, 'Administratief gereed productiestaat gemeld'],
      ['BeoordelingAGP', { akkoord: true }, 550, 'Administratief gereed productiestaat goedgekeurd'],
      ['OpdrachtGereed', {}, 900, 'Opdracht gereed'],
    ]);
  });

  it('cancels an order in two steps, after which it cannot be cancelled again', () => {
    const order = walk('aansluiting', [
      ['Opdracht', {}, 100, 'Opdracht verstrekt'],
      ['Planning', {}, 200, 'Gepland'],
      ['Annulering', {}, 800, 'Annulering aangevraagd'],
      ['AnnuleringGereed', {}, 910, 'Opdracht geannuleerd'],
    ]);
    expect(send('aansluiting', order, 'Annulering')).toMatchObject({ ok: false, reason: 'not_allowed_in_status' });
    expect(isCancellable(910)).toBe(false);
  });

  it('refuses a message from the wrong side', () => {
    const result = transition({
      flow: 'aansluiting',
      type: 'Planning',
      senderSide: 'opdrachtgever',
      current: at(100),
      data: EXAMPLE_BERICHTEN.Planning.data,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'wrong_side',
      message: 'Bericht Planning wordt verstuurd door de opdrachtnemer, niet door de opdrachtgever.',
    });
  });

  it('refuses a second Opdracht with the same order id', () => {
    const result = send('aansluiting', at(200), 'Opdracht');
    expect(result).toMatchObject({ ok: false, reason: 'order_exists' });
    expect(!result.ok && result.message).toContain("status 200 'Gepland'");
  });

  it('refuses a message about an order that does not exist', () => {
    expect(send('aansluiting', undefined, 'TG')).toMatchObject({ ok: false, reason: 'no_order' });
  });

  it.each<[MessageType, number, string]>([
    [
      'OpdrachtGereed',
      300,
      "Bericht OpdrachtGereed is niet toegestaan in status 300 'Technisch gereed gemeld'; wel vanuit 550.",
    ],
    ['TG', 100, "Bericht TG is niet toegestaan in status 100 'Opdracht verstrekt'; wel vanuit 200, 310."],
    ['Planning', 900, "Bericht Planning is niet toegestaan in status 900 'Opdracht gereed'; wel vanuit 100, 150, 200."],
    [
      'AnnuleringGereed',
      990,
      "Bericht AnnuleringGereed is niet toegestaan in status 990 'Opdracht handmatig geannuleerd'; wel vanuit 800.",
    ],
  ])('refuses %s in status %i', (type, status, message) => {
    expect(send('aansluiting', at(status), type)).toEqual({ ok: false, reason: 'not_allowed_in_status', message });
  });

  it('refuses a type of the other flow as a programming error', () => {
    expect(() => send('aansluiting', at(100), 'Deellevering')).toThrow(RangeError);
  });
});

describe('transition, Hoofdnet', () => {
  it('follows an order through acceptance, planning, deliveries and completion', () => {
    const order = walk('hoofdnet', [
      ['OpdrachtHoofdnet', {}, 100, 'Opdracht verstrekt'],
      ['BeoordelingHoofdnet', { akkoord: false, reden: 'Geen capaciteit in januari.' }, 150, 'Opdracht afgewezen'],
      ['BeoordelingHoofdnet', { akkoord: true }, 200, 'Opdracht geaccepteerd'],
      ['PlanningHoofdnet', { planStatus: 'Concept' }, 300, 'Gepland'],
      ['Deellevering', { leveringId: 'DL-01' }, 400, 'In uitvoering'],
      ['Deelproductiestaat', { leveringId: 'DL-01' }, 400, 'In uitvoering'],
      ['BeoordelingLevering', { leveringId: 'DL-01', akkoord: true }, 400, 'In uitvoering'],
      ['PlanningHoofdnet', { planStatus: 'Gewijzigd' }, 400, 'In uitvoering'],
      ['Eindlevering', { leveringId: 'EL-01' }, 500, 'Eindlevering ingediend'],
      [
        'BeoordelingLevering',
        { leveringId: 'EL-01', akkoord: false, reden: 'Revisie ontbreekt.' },
        510,
        'Eindlevering afgekeurd',
      ],
      ['Eindlevering', { leveringId: 'EL-01' }, 500, 'Eindlevering ingediend'],
      ['BeoordelingLevering', { leveringId: 'EL-01', akkoord: true }, 600, 'Eindlevering goedgekeurd'],
      ['Eindproductiestaat', { leveringId: 'EL-01' }, 600, 'Eindlevering goedgekeurd'],
      ['OpdrachtGereedHoofdnet', {}, 900, 'Opdracht gereed'],
    ]);
    expect(order?.planStatusText).toBe('Gewijzigd');
    expect(order?.leveringen).toEqual([
      { leveringId: 'DL-01', type: 'Deellevering', statusText: 'Goedgekeurd', beoordeling: 'Goedgekeurd' },
      { leveringId: 'EL-01', type: 'Eindlevering', statusText: 'Goedgekeurd', beoordeling: 'Goedgekeurd' },
    ]);
  });

  it('submits a levering as Ingediend and clears an earlier rejection', () => {
    const afgekeurd = at(400, [{ leveringId: 'DL-01', type: 'Deellevering', beoordeling: 'Afgekeurd' }]);
    expect(send('hoofdnet', afgekeurd, 'Deellevering', { leveringId: 'DL-01' })).toEqual({
      ok: true,
      status: 400,
      statusText: 'In uitvoering',
      levering: { leveringId: 'DL-01', type: 'Deellevering', statusText: 'Ingediend' },
      row: expect.objectContaining({ type: 'Deellevering', levering: 'indienen' }),
    });
  });

  it.each<[string, Order, MessageType, object, string]>([
    ['an unknown levering', at(400), 'BeoordelingLevering', { leveringId: 'DL-09' }, 'no_levering'],
    ['a productiestaat of an unknown levering', at(400), 'Deelproductiestaat', { leveringId: 'DL-09' }, 'no_levering'],
    [
      'a second assessment',
      at(400, [{ leveringId: 'DL-01', type: 'Deellevering', beoordeling: 'Goedgekeurd' }]),
      'BeoordelingLevering',
      { leveringId: 'DL-01' },
      'not_allowed_in_status',
    ],
    [
      'a resubmission awaiting assessment',
      at(400, [{ leveringId: 'DL-01', type: 'Deellevering' }]),
      'Deellevering',
      { leveringId: 'DL-01' },
      'not_allowed_in_status',
    ],
    [
      'an Eindlevering resubmitted after rejection',
      at(510, [{ leveringId: 'EL-01', type: 'Eindlevering', beoordeling: 'Afgekeurd' }]),
      'Eindlevering',
      { leveringId: 'EL-01' },
      'ok',
    ],
    [
      'an Eindlevering id reused by a Deellevering',
      at(400, [{ leveringId: 'EL-01', type: 'Eindlevering', beoordeling: 'Afgekeurd' }]),
      'Deellevering',
      { leveringId: 'EL-01' },
      'not_allowed_in_status',
    ],
    ['completion before the Eindlevering is approved', at(500), 'OpdrachtGereedHoofdnet', {}, 'not_allowed_in_status'],
    ['a Deellevering before planning', at(200), 'Deellevering', {}, 'not_allowed_in_status'],
    ['a second OpdrachtHoofdnet', at(100), 'OpdrachtHoofdnet', {}, 'order_exists'],
  ])('answers %s', (_case, order, type, data, expected) => {
    const result = send('hoofdnet', order, type, data);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it('cancels an open order at once, without confirmation', () => {
    expect(send('hoofdnet', at(400), 'AnnuleringHoofdnet')).toEqual({
      ok: true,
      status: 910,
      statusText: 'Opdracht geannuleerd',
      row: expect.objectContaining({ type: 'AnnuleringHoofdnet' }),
    });
  });
});

describe('isOpen and isCancellable', () => {
  it.each<[number | 'error', boolean, boolean]>([
    [100, true, true],
    [800, true, true],
    [900, false, true],
    [910, false, false],
    [990, false, false],
    ['error', false, true],
  ])('status %s: open %s, cancellable %s', (status, open, cancellable) => {
    expect(isOpen(status)).toBe(open);
    expect(isCancellable(status)).toBe(cancellable);
  });

  it('sets the manual cancel text of the spec', () => {
    expect(MANUAL_CANCEL).toEqual({ status: 990, statusText: 'Opdracht handmatig geannuleerd' });
  });
});
