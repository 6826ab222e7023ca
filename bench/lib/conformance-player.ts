/**
 * A participant's system playing its side of a conformance run (decision 0040), through the HTTP
 * API as a real one does: it acts when something happens — a test callback about its run's order
 * reaches it, or it answered — and otherwise looks at the run only as often as the Testtool screen
 * does. Acting, it reads the run (`GET /rest/testtool/runs/{id}`) every `pollMs` until the run's
 * step moved on, and while the run has `verwacht` for a step it has not answered yet, sends that
 * message to /api/v1/berichten with its test client — the type's example with the fields the step
 * asks for. A real system knows from the callback what to answer; the run's `verwacht` stands in
 * for that knowledge here, as in the server tests' reference participant
 * (test/support/reference-participant.ts).
 */
import { EXAMPLE_BERICHTEN, type MessageType, type RunView } from '@knooppunt/domain';
import { pause } from './stats';

/** How often a player looks at its run while a step moves (the server tests' reference participant: 150 ms). */
export const PLAYER_POLL_MS = 250;
/** How often it looks when nothing happened: as the Testtool screen follows a run (web RUN_REFRESH_MS). */
export const PLAYER_IDLE_MS = 2000;

async function json<T>(response: Response, what: string, expected: number): Promise<T> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Starts a run of `scenario` for `deelnemer` as a Testtool user (another participant's: 'Testtool Beheren'). */
export async function startRun(api: string, token: string, deelnemer: string, scenario: string): Promise<RunView> {
  const response = await fetch(`${api}/rest/testtool/runs`, {
    method: 'POST',
    headers: bearer(token),
    body: JSON.stringify({ scenario, deelnemer }),
  });
  return json<RunView>(response, `start ${scenario} for ${deelnemer}`, 201);
}

export async function readRun(api: string, token: string, id: string): Promise<RunView> {
  return json<RunView>(await fetch(`${api}/rest/testtool/runs/${id}`, { headers: bearer(token) }), `run ${id}`, 200);
}

/** Stops a run under way; a run that ended meanwhile (409) is left as it is. */
export async function stopRun(api: string, token: string, id: string): Promise<void> {
  const response = await fetch(`${api}/rest/testtool/runs/${id}/stop`, {
    method: 'POST',
    headers: bearer(token),
    body: '{}',
  });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 409)
    throw new Error(`stop run ${id}: HTTP ${response.status} ${text}`);
}

export interface PlayOptions {
  api: string;
  /** A Testtool user's token that may read the run. */
  testtoolToken: string;
  /** The participant's test system's access token (client credentials, `omgeving: test`). */
  systemToken: () => Promise<string>;
  /** Asked before each look at the run: true ends the play with the run still under way. */
  stopped: () => boolean;
  pollMs?: number;
  /** The next test callback about the order reaching the participant's test system. */
  nextCallback: (opdrachtId: string) => { arrived: Promise<void>; cancel: () => void };
}

export interface Played {
  /** The run as last read: ended, or still under way when the play was stopped. */
  run: RunView;
  /** Answers that /api/v1/berichten did not accept (202), and the first of them. */
  refused: number;
  firstRefusal?: string;
}

/** Plays the participant's side of run `id` until the run ends or `stopped()`. */
export async function playRun(id: string, options: PlayOptions): Promise<Played> {
  const { api, testtoolToken, systemToken, stopped } = options;
  const answered = new Set<number>();
  const played: Omit<Played, 'run'> = { refused: 0 };
  const pollMs = options.pollMs ?? PLAYER_POLL_MS;
  let run = await readRun(api, testtoolToken, id);
  // Listening from the start: a callback that comes while the player reads or answers counts.
  let callback = options.nextCallback(run.opdrachtId);
  /**
   * Waits for the next test callback about the order, then follows the run closely until its step
   * moved on (the runner sees the delivery on its next look); without one, after the screen's
   * interval, reads the run once. Answers the run as last read.
   */
  const waitForCallback = async (): Promise<RunView> => {
    const step = run.step;
    let idle: NodeJS.Timeout | undefined;
    const arrived = await Promise.race([
      callback.arrived.then(() => true),
      new Promise<false>((resolve) => (idle = setTimeout(() => resolve(false), PLAYER_IDLE_MS))),
    ]);
    clearTimeout(idle);
    callback.cancel();
    callback = options.nextCallback(run.opdrachtId);
    let latest = await readRun(api, testtoolToken, id);
    for (let look = 1; arrived && latest.step === step && latest.status === 'lopend' && !stopped(); look++) {
      if (look * pollMs >= PLAYER_IDLE_MS) break;
      await pause(pollMs);
      latest = await readRun(api, testtoolToken, id);
    }
    return latest;
  };
  for (;;) {
    if (run.status !== 'lopend' || stopped()) {
      callback.cancel();
      return { run, ...played };
    }
    const { step, verwacht: expected } = run;
    if (expected && !answered.has(step)) {
      answered.add(step);
      const type = expected.type as MessageType;
      if (!(type in EXAMPLE_BERICHTEN)) throw new Error(`run ${id} expects an unknown type '${expected.type}'`);
      const response = await fetch(`${api}/api/v1/berichten`, {
        method: 'POST',
        headers: { ...bearer(await systemToken()), 'idempotency-key': `bench:${run.id}:${step}` },
        body: JSON.stringify({
          type,
          versienummer: expected.versienummer,
          opdrachtId: expected.opdrachtId,
          data: { ...EXAMPLE_BERICHTEN[type].data, ...expected.data },
        }),
      });
      const text = await response.text();
      if (response.status !== 202) {
        played.refused++;
        played.firstRefusal ??= `${type} for run ${id}: HTTP ${response.status} ${text}`;
      }
    }
    // After its answer, or with nothing to answer yet: what comes next comes as a callback (the
    // simulator's next message), or the run moves on without one (it ends, or expects more).
    run = await waitForCallback();
  }
}
