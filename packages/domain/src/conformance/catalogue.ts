import { EXAMPLE_BERICHTEN } from '../berichten/examples';
import { LIFECYCLE, type LifecycleRow } from '../berichten/lifecycle';
import { OPDRACHT_FINISHED_THRESHOLD } from '../constants';
import { transition, type LeveringState } from '../berichten/transition';
import { messageTypesOf, type Flow, type MessageType, type Side } from '../messageTypes';

/*
 * The conformance catalogue (issue 28 item 2): scenarios generated from the lifecycle table, so
 * that the catalogue cannot drift from the rules it tests. Every scenario is a path through the
 * lifecycle from a new order to a finished one; together a flow's scenarios take every transition
 * of LIFECYCLE — every row, and both outcomes of an assessment — at least once. A scenario is run
 * for either side: the participant under test sends its side's steps, the simulator the others.
 */

/** One message of a scenario; `data` changes the type's example (EXAMPLE_BERICHTEN) where given. */
export interface ScenarioStep {
  type: MessageType;
  senderSide: Side;
  /** Assessments: the outcome the step gives. */
  akkoord?: boolean;
  /** Leveringen: the levering the step submits, resubmits, assesses or refers to. */
  leveringId?: string;
  /** The transition the step takes (transitionKey); empty for a behaviour step. */
  transition: string;
  /**
   * A behaviour step instead of a message (issue 28: what a participant's system must show):
   * 'herhaal' — the simulator's previous message is delivered once more, with the same id and
   * Idempotency-Key; 'stilte' — the participant sends nothing more about the order for a while
   * (it handled the repeat once, and does not retry what Knooppunt refused).
   */
  actie?: 'herhaal' | 'stilte';
}

export interface ConformanceScenario {
  /** Stable as long as the lifecycle is: the flow and the transition the scenario was made for. */
  id: string;
  flow: Flow;
  naam: string;
  steps: ScenarioStep[];
  /** A behaviour scenario is for one side only; a lifecycle scenario for either. */
  kant?: Side;
}

/**
 * A transition of the lifecycle: a row, and where the row has two ways, which one — an assessment
 * (of an order or of a levering) akkoord or not, a levering submitted new or again after rejection.
 */
export interface LifecycleTransition {
  key: string;
  flow: Flow;
  row: LifecycleRow;
  variant?: TransitionVariant;
  label: string;
}

type TransitionVariant = 'akkoord' | 'niet-akkoord' | 'nieuw' | 'opnieuw';

const VARIANT_LABELS: Record<TransitionVariant, string> = {
  akkoord: 'akkoord',
  'niet-akkoord': 'niet akkoord',
  nieuw: 'nieuw',
  opnieuw: 'opnieuw na afkeuring',
};

function variantsOf(row: LifecycleRow): TransitionVariant[] {
  if ((typeof row.to === 'object' && 'akkoord' in row.to) || row.levering === 'beoordelen') {
    return ['akkoord', 'niet-akkoord'];
  }
  return row.levering === 'indienen' ? ['nieuw', 'opnieuw'] : [];
}

const label = (row: LifecycleRow, variant?: TransitionVariant) =>
  [
    row.type,
    row.leveringType && `(${row.leveringType})`,
    row.to === 'ongewijzigd' && row.planStatus && 'tijdens de uitvoering',
    variant && VARIANT_LABELS[variant],
  ]
    .filter(Boolean)
    .join(' ');

const keyOf = (flow: Flow, row: LifecycleRow, variant?: TransitionVariant) =>
  `${flow}:${LIFECYCLE.indexOf(row)}${variant ? `:${variant}` : ''}`;

/** Every transition of a flow's lifecycle, in the table's order. */
export function lifecycleTransitions(flow: Flow): LifecycleTransition[] {
  return LIFECYCLE.flatMap((row) => {
    if (row.flow !== flow) return [];
    const variants = variantsOf(row);
    if (!variants.length) return [{ key: keyOf(flow, row), flow, row, label: label(row) }];
    return variants.map((variant) => ({
      key: keyOf(flow, row, variant),
      flow,
      row,
      variant,
      label: label(row, variant),
    }));
  });
}

/** The transition a step took, from the row `transition()` applied, the step and the state before it. */
function transitionKey(flow: Flow, row: LifecycleRow, step: Omit<ScenarioStep, 'transition'>, before: State): string {
  const variants = variantsOf(row);
  if (!variants.length) return keyOf(flow, row);
  if (variants[0] === 'akkoord') return keyOf(flow, row, step.akkoord ? 'akkoord' : 'niet-akkoord');
  const again = before.leveringen.some((levering) => levering.leveringId === step.leveringId);
  return keyOf(flow, row, again ? 'opnieuw' : 'nieuw');
}

interface State {
  status: number | undefined;
  leveringen: LeveringState[];
}

const stateKey = (state: State) =>
  `${state.status ?? 'nieuw'}|${state.leveringen.map((l) => `${l.leveringId}:${l.beoordeling ?? ''}`).join(',')}`;

/** The leveringen a scenario submits at most per type: enough for resubmission, small enough to search. */
const MAX_LEVERINGEN = 2;
/** The longest path the search looks at. */
const MAX_DEPTH = 16;

const senderOf = (flow: Flow, type: MessageType): Side =>
  messageTypesOf(flow)[type] === 'opdrachtnemer' ? 'opdrachtgever' : 'opdrachtnemer';

/** The data variants of a type in a state: outcomes of an assessment, which levering a step concerns. */
function variants(flow: Flow, type: MessageType, state: State): Omit<ScenarioStep, 'transition'>[] {
  const senderSide = senderOf(flow, type);
  const assessed = LIFECYCLE.some((row) => row.flow === flow && row.type === type && variantsOf(row)[0] === 'akkoord');
  const outcomes = assessed ? [true, false] : [undefined];
  const prefix = type === 'Deellevering' ? 'DL' : type === 'Eindlevering' ? 'EL' : undefined;
  let leveringIds: (string | undefined)[] = [undefined];
  if (prefix) {
    const own = state.leveringen.filter((l) => l.leveringId.startsWith(prefix));
    const fresh = own.length < MAX_LEVERINGEN ? [`${prefix}-${String(own.length + 1).padStart(2, '0')}`] : [];
    leveringIds = [...own.filter((l) => l.beoordeling === 'Afgekeurd').map((l) => l.leveringId), ...fresh];
  } else if (type === 'BeoordelingLevering') {
    leveringIds = state.leveringen.filter((l) => !l.beoordeling).map((l) => l.leveringId);
  } else if (type === 'Deelproductiestaat' || type === 'Eindproductiestaat') {
    const kind = type === 'Deelproductiestaat' ? 'Deellevering' : 'Eindlevering';
    leveringIds = state.leveringen.filter((l) => l.type === kind).map((l) => l.leveringId);
  }
  return leveringIds.flatMap((leveringId) =>
    outcomes.map((akkoord) => ({
      type,
      senderSide,
      ...(akkoord !== undefined && { akkoord }),
      ...(leveringId !== undefined && { leveringId }),
    })),
  );
}

/** What a scenario says when it does not agree: an assessment 'niet akkoord' needs a reason. */
export const SCENARIO_REDEN = 'Testtool: niet akkoord, graag opnieuw indienen.';

/** The fields a step asks for: its outcome (with a reason when it is not akkoord) and its levering. */
export function stepFields(step: Pick<ScenarioStep, 'akkoord' | 'leveringId'>): Record<string, unknown> {
  return {
    ...(step.akkoord !== undefined && { akkoord: step.akkoord }),
    ...(step.akkoord === false && { reden: SCENARIO_REDEN }),
    ...(step.leveringId !== undefined && { leveringId: step.leveringId }),
  };
}

/** The data of a step: the type's example with the step's fields. */
export function stepData(step: Pick<ScenarioStep, 'type' | 'akkoord' | 'leveringId'>): Record<string, unknown> {
  const data = JSON.parse(JSON.stringify(EXAMPLE_BERICHTEN[step.type].data)) as Record<string, unknown>;
  return { ...data, ...stepFields(step) };
}

type Move = { step: ScenarioStep; next: State };
const knownMoves = new Map<string, Move[]>();

/** The moves from a state: every step the lifecycle accepts there, with the state it leads to (kept). */
function moves(flow: Flow, state: State): Move[] {
  const key = `${flow}|${stateKey(state)}`;
  let found = knownMoves.get(key);
  if (!found) knownMoves.set(key, (found = movesFrom(flow, state)));
  return found;
}

function movesFrom(flow: Flow, state: State): Move[] {
  const types = Object.keys(messageTypesOf(flow)) as MessageType[];
  return types.flatMap((type) =>
    variants(flow, type, state).flatMap((variant) => {
      const result = transition({
        flow,
        type,
        senderSide: variant.senderSide,
        current: state.status === undefined ? undefined : { status: state.status, leveringen: state.leveringen },
        data: stepData(variant),
      });
      if (!result.ok) return [];
      const leveringen = state.leveringen.filter((l) => l.leveringId !== result.levering?.leveringId);
      if (result.levering) {
        const { leveringId, type: kind, beoordeling } = result.levering;
        leveringen.push({ leveringId, type: kind, ...(beoordeling && { beoordeling }) });
        leveringen.sort((a, b) => a.leveringId.localeCompare(b.leveringId));
      }
      return [
        {
          step: { ...variant, transition: transitionKey(flow, result.row, variant, state) },
          next: { status: result.status, leveringen },
        },
      ];
    }),
  );
}

const finished = (state: State) => state.status !== undefined && state.status >= OPDRACHT_FINISHED_THRESHOLD;

/**
 * Breadth-first from `from`: the shortest path to every state reachable within MAX_DEPTH, each
 * state reached first by the fewest steps (and among those by the table's order of types).
 */
function shortestPaths(flow: Flow, from: State): Map<string, { state: State; path: ScenarioStep[] }> {
  const reached = new Map([[stateKey(from), { state: from, path: [] as ScenarioStep[] }]]);
  let frontier = [...reached.values()];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { state, path } of frontier) {
      if (finished(state)) continue;
      for (const move of moves(flow, state)) {
        const key = stateKey(move.next);
        if (reached.has(key)) continue;
        const entry = { state: move.next, path: [...path, move.step] };
        reached.set(key, entry);
        next.push(entry);
      }
    }
    frontier = next;
  }
  return reached;
}

/** The shortest way on to a finished order: to 'gereed' (900) when it can be reached, else any end. */
function toTheEnd(flow: Flow, from: State): ScenarioStep[] {
  if (finished(from)) return [];
  const ends = [...shortestPaths(flow, from).values()].filter((entry) => finished(entry.state));
  const gereed = ends.filter((entry) => entry.state.status === OPDRACHT_FINISHED_THRESHOLD);
  const best = (gereed.length ? gereed : ends).sort((a, b) => a.path.length - b.path.length)[0];
  if (!best) throw new Error(`Geen einde bereikbaar vanuit status ${String(from.status)} (${flow})`);
  return best.path;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A flow's scenarios: first the straight path to 'gereed', then, for every transition no earlier
 * scenario took, the shortest path that takes it and goes on to the end.
 */
export function scenariosOf(flow: Flow): ConformanceScenario[] {
  const start: State = { status: undefined, leveringen: [] };
  const reachable = [...shortestPaths(flow, start).values()];
  const scenarios: ConformanceScenario[] = [
    { id: `${flow}-gereed`, flow, naam: 'Van opdracht tot gereed', steps: toTheEnd(flow, start) },
  ];
  const covered = new Set(scenarios[0]!.steps.map((step) => step.transition));
  for (const target of lifecycleTransitions(flow)) {
    if (covered.has(target.key)) continue;
    // The nearest state from which the target transition is a move.
    const found = reachable
      .filter((entry) => !finished(entry.state))
      .sort((a, b) => a.path.length - b.path.length)
      .flatMap((entry) =>
        moves(flow, entry.state)
          .filter((move) => move.step.transition === target.key)
          .map((move) => ({ entry, move })),
      )[0];
    if (!found) throw new Error(`De overgang ${target.label} (${flow}) is onbereikbaar`);
    const steps = [...found.entry.path, found.move.step, ...toTheEnd(flow, found.move.next)];
    for (const step of steps) covered.add(step.transition);
    scenarios.push({ id: `${flow}-${slug(target.label)}`, flow, naam: `Met ${target.label}`, steps });
  }
  return scenarios;
}

/** A message step of a behaviour scenario: the lifecycle's row for it, from a fresh search. */
export function lifecycleStep(flow: Flow, path: readonly MessageType[], index: number): ScenarioStep {
  let state: State = { status: undefined, leveringen: [] };
  let found: ScenarioStep | undefined;
  for (const type of path.slice(0, index + 1)) {
    const move = moves(flow, state).find(
      (candidate) => candidate.step.type === type && candidate.step.akkoord !== false,
    );
    if (!move) throw new Error(`Gedragsscenario: ${type} past niet na ${String(state.status)}`);
    found = move.step;
    state = move.next;
  }
  return found!;
}
