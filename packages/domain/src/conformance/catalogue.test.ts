import { describe, expect, it } from 'vitest';
import { transition, type LeveringState } from '../berichten/transition';
import { OPDRACHT_FINISHED_THRESHOLD } from '../constants';
import { AANSLUITING_MESSAGE_TYPES, HOOFDNET_MESSAGE_TYPES, type Flow } from '../messageTypes';
import { conformanceScenarios } from './behaviour';
import { lifecycleTransitions, stepData, type ConformanceScenario } from './catalogue';

const FLOWS: Flow[] = ['aansluiting', 'hoofdnet'];
/** The lifecycle's scenarios of a flow (the behaviour scenarios are for one side, and end open). */
const of = (flow: Flow) =>
  conformanceScenarios().filter((scenario) => scenario.flow === flow && scenario.kant === undefined);
const behaviour = () => conformanceScenarios().filter((scenario) => scenario.kant !== undefined);

/** Plays a scenario through the lifecycle as the server would store it; answers the order at the end. */
function play(scenario: ConformanceScenario) {
  let order: { status: number; leveringen: LeveringState[] } | undefined;
  for (const [index, step] of scenario.steps.entries()) {
    if (step.actie) continue;
    const result = transition({
      flow: scenario.flow,
      type: step.type,
      senderSide: step.senderSide,
      current: order,
      data: stepData(step),
    });
    if (!result.ok) throw new Error(`${scenario.id} stap ${index + 1} (${step.type}): ${result.message}`);
    const leveringen = (order?.leveringen ?? []).filter((l) => l.leveringId !== result.levering?.leveringId);
    if (result.levering) leveringen.push({ ...result.levering, beoordeling: result.levering.beoordeling ?? null });
    order = { status: result.status, leveringen };
  }
  return order;
}

describe('the conformance catalogue', () => {
  it.each(FLOWS)('takes every transition of the %s lifecycle at least once', (flow) => {
    const taken = new Set(of(flow).flatMap((scenario) => scenario.steps.map((step) => step.transition)));
    const all = lifecycleTransitions(flow);
    // Assessments count twice, leveringen new and again: more transitions than rows.
    expect(all.length).toBeGreaterThan(new Set(all.map((t) => t.row)).size);
    expect(all.filter((t) => !taken.has(t.key)).map((t) => t.label)).toEqual([]);
    expect([...taken].every((key) => all.some((t) => t.key === key))).toBe(true);
  });

  it('has every scenario accepted by the lifecycle step by step, ending in a finished order', () => {
    for (const scenario of [...of('aansluiting'), ...of('hoofdnet')]) {
      expect(play(scenario)?.status, scenario.id).toBeGreaterThanOrEqual(OPDRACHT_FINISHED_THRESHOLD);
    }
  });

  it('sends all 22 message types, each by the side that sends it', () => {
    const sent = new Map(conformanceScenarios().flatMap((s) => s.steps.map((step) => [step.type, step.senderSide])));
    const owners = { ...AANSLUITING_MESSAGE_TYPES, ...HOOFDNET_MESSAGE_TYPES };
    expect(sent.size).toBe(22);
    for (const [type, owner] of Object.entries(owners)) {
      expect(sent.get(type as keyof typeof owners), type).toBe(
        owner === 'opdrachtnemer' ? 'opdrachtgever' : 'opdrachtnemer',
      );
    }
  });

  it('names the scenarios that the issue asks for, with unique ids, the straight path first', () => {
    const ids = conformanceScenarios().map((scenario) => scenario.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(of('aansluiting')[0]).toMatchObject({ id: 'aansluiting-gereed', naam: 'Van opdracht tot gereed' });
    expect(ids).toEqual(
      expect.arrayContaining([
        'aansluiting-bijstelling',
        'aansluiting-beoordelingtg-niet-akkoord',
        'aansluiting-annulering',
        'hoofdnet-beoordelinghoofdnet-niet-akkoord',
        'hoofdnet-deellevering-opnieuw-na-afkeuring',
        'hoofdnet-eindlevering-opnieuw-na-afkeuring',
      ]),
    );
    const annulering = conformanceScenarios().find((scenario) => scenario.id === 'aansluiting-annulering');
    expect(annulering?.steps.map((step) => step.type)).toEqual(['Opdracht', 'Annulering', 'AnnuleringGereed']);
  });

  it('has behaviour scenarios for either side: a simulator message delivered again, one answer, then quiet', () => {
    expect(
      behaviour()
        .map((scenario) => scenario.kant)
        .sort(),
    ).toEqual(['opdrachtgever', 'opdrachtnemer']);
    for (const scenario of behaviour()) {
      expect(play(scenario)?.status, scenario.id).toBeLessThan(OPDRACHT_FINISHED_THRESHOLD);
      const repeat = scenario.steps.findIndex((step) => step.actie === 'herhaal');
      const before = scenario.steps[repeat - 1]!;
      const answer = scenario.steps[repeat + 1]!;
      // The repeat is of the simulator's message just delivered; the participant answers it once.
      expect(before.senderSide).not.toBe(scenario.kant);
      expect(scenario.steps[repeat]).toMatchObject({ type: before.type, senderSide: before.senderSide });
      expect(answer.senderSide).toBe(scenario.kant);
      expect(scenario.steps.at(-1)).toMatchObject({ actie: 'stilte', senderSide: scenario.kant });
    }
  });
});
