import { describe, expect, it } from 'vitest';
import { statusesBrought, type ReplayedMessage } from './replay';

const GEVER = 'Netbeheer_Noord';
const NEMER = 'Aannemer_Alfa';

const from = (sender: string, type: string, data: object = {}): ReplayedMessage => ({
  type,
  sender,
  data,
  dataRemoved: false,
});
const removed = (message: ReplayedMessage): ReplayedMessage => ({ ...message, data: {}, dataRemoved: true });
const statuses = (flow: 'aansluiting' | 'hoofdnet', messages: ReplayedMessage[]) =>
  statusesBrought(flow, GEVER, messages).map((brought) => brought && [brought.status, brought.planStatusText]);

describe('statusesBrought', () => {
  it('replays an Aansluiting order: each message with the status it brought, assessments by their outcome', () => {
    expect(
      statusesBrought('aansluiting', GEVER, [
        from(GEVER, 'Opdracht'),
        from(NEMER, 'Planning'),
        from(NEMER, 'TG'),
        from(GEVER, 'BeoordelingTG', { akkoord: false }),
        from(NEMER, 'TG'),
        from(GEVER, 'BeoordelingTG', { akkoord: true }),
      ]),
    ).toEqual([
      { status: 100, statusText: 'Opdracht verstrekt' },
      { status: 200, statusText: 'Gepland' },
      { status: 300, statusText: 'Technisch gereed gemeld' },
      { status: 310, statusText: 'Technisch gereed afgekeurd' },
      { status: 300, statusText: 'Technisch gereed gemeld' },
      { status: 350, statusText: 'Technisch gereed goedgekeurd' },
    ]);
  });

  it('leaves an assessment whose payload was removed unknown, and knows a fixed status again after it', () => {
    expect(
      statuses(
        'aansluiting',
        [
          from(GEVER, 'Opdracht'),
          from(NEMER, 'Planning'),
          from(NEMER, 'TG'),
          from(GEVER, 'BeoordelingTG', { akkoord: false }),
          from(NEMER, 'TG'),
        ].map(removed),
      ),
    ).toEqual([[100, undefined], [200, undefined], [300, undefined], null, [300, undefined]]);
  });

  it('replays a Hoofdnet order: the plan status, and a levering assessment that leaves the status as it was', () => {
    expect(
      statuses('hoofdnet', [
        from(GEVER, 'OpdrachtHoofdnet'),
        from(NEMER, 'BeoordelingHoofdnet', { akkoord: true }),
        from(NEMER, 'PlanningHoofdnet', { planStatus: 'Voorlopig' }),
        from(NEMER, 'Deellevering', { leveringId: 'DL-1' }),
        from(NEMER, 'PlanningHoofdnet', { planStatus: 'Definitief' }),
        from(GEVER, 'BeoordelingLevering', { leveringId: 'DL-1', akkoord: false }),
        from(NEMER, 'Deellevering', { leveringId: 'DL-1' }),
        from(NEMER, 'Eindlevering', { leveringId: 'EL-1' }),
        from(GEVER, 'BeoordelingLevering', { leveringId: 'EL-1', akkoord: true }),
      ]),
    ).toEqual([
      [100, undefined],
      [200, undefined],
      [300, 'Voorlopig'],
      [400, undefined],
      [400, 'Definitief'],
      [400, undefined],
      [400, undefined],
      [500, undefined],
      [600, undefined],
    ]);
  });

  it('does not guess where the lifecycle leads two ways from an unknown status', () => {
    expect(
      statuses('hoofdnet', [
        from(GEVER, 'OpdrachtHoofdnet'),
        removed(from(NEMER, 'BeoordelingHoofdnet', { akkoord: true })),
        // From 200 or 300 a planning brings 300; from 400 or 510 it leaves the status.
        from(NEMER, 'PlanningHoofdnet', { planStatus: 'Voorlopig' }),
        // A Deellevering brings 400 from either status it may come from.
        from(NEMER, 'Deellevering', { leveringId: 'DL-1' }),
        // Known again: the levering it assesses is known, and a Deellevering's assessment keeps 400.
        from(GEVER, 'BeoordelingLevering', { leveringId: 'DL-1', akkoord: true }),
      ]),
    ).toEqual([[100, undefined], null, null, [400, undefined], [400, undefined]]);
  });

  it('knows nothing of a type outside the flow', () => {
    expect(statuses('aansluiting', [from(GEVER, 'Opdracht'), from(NEMER, 'OpdrachtHoofdnet')])).toEqual([
      [100, undefined],
      null,
    ]);
  });
});
