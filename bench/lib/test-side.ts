/**
 * The test side of the delivery benchmark's test phase, in its own process (its CPU is neither the
 * platform's nor the receiver's): what participants and their users do in the test environment
 * (decision 0038, 0040), all through the platform's HTTP API —
 *   setup  per bench participant a test configuration of both flows pointing at this process —
 *          the participants' test systems take their test callbacks here (`/<deelnemer>/test/…`),
 *          apart from the receiver's production figures — put live and its test sender started, as
 *          the participant does under Configuraties → Test; and a test system client ('Nieuwe
 *          client', Omgeving Test) whose client-credentials token from the embedded provider
 *          carries `omgeving: test`;
 *   start  conformance runs kept going (a run that ends is followed by the next), each played by
 *          the participant's system (conformance-player.ts), which acts on the test callbacks about
 *          its run's order; and a steady test load: a new order's Opdracht every 1/rate s from a
 *          grid operator's test system to the contractors in turn;
 *   stop   ends both, stops the runs under way, and answers what happened in a window of `now()`.
 * Driven over IPC by delivery.ts.
 */
import {
  ALL_CONFIG_VERSIENUMMERS,
  EXAMPLE_BERICHTEN,
  flowOf,
  messageTypesFor,
  type RunView,
  type Side,
} from '@knooppunt/domain';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { playRun, startRun, stopRun } from './conformance-player';
import type { TestSideCommand, TestSideSetup, TestSideStart, TestSideSummary } from './protocol';
import { now, pause, percentile } from './stats';

async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  token: string,
  body?: object,
  expected: readonly number[] = [200, 201],
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${url}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A test system: its client's credentials and its current access token. */
interface System {
  clientId: string;
  secret: string;
  token?: Promise<{ value: string; until: number }>;
}

let setup: TestSideSetup | undefined;
const systems = new Map<string, System>();

/** What the test systems answer Knooppunt's token requests, and expect as its bearer. */
const TEST_TOKEN = 'bench-test-token';
/** Every test callback: emitted as `<deelnemer>|<opdrachtId>`, its time kept for the window's count. */
const callbacks = new EventEmitter().setMaxListeners(0);
const callbackTimes: number[] = [];
let testSystems: Server | undefined;

/**
 * The participants' test systems' receiving side: Knooppunt's token request and its test callbacks
 * (answered 200 once the bearer is right), each told to the player of the order's run.
 */
function startTestSystems(): Promise<Server> {
  const server = createServer((req, res) => {
    const [, deelnemer = '', , kind] = (req.url ?? '').split('/');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (kind === 'token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: TEST_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
      }
      if (req.headers.authorization !== `Bearer ${TEST_TOKEN}`) return res.writeHead(401).end();
      callbackTimes.push(now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      const { opdrachtId } = JSON.parse(Buffer.concat(chunks).toString()) as { opdrachtId?: string };
      callbacks.emit(`${deelnemer}|${opdrachtId}`);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Resolves at the next test callback to `deelnemer` about `opdrachtId`; `cancel` forgets it. */
function nextCallback(deelnemer: string, opdrachtId: string): { arrived: Promise<void>; cancel: () => void } {
  const event = `${deelnemer}|${opdrachtId}`;
  let listener = () => {};
  const arrived = new Promise<void>((resolve) => {
    listener = resolve;
    callbacks.once(event, listener);
  });
  return { arrived, cancel: () => void callbacks.off(event, listener) };
}

/** The system's access token, from the embedded provider (client credentials, Basic); renewed a minute before it expires. */
function systemToken(deelnemer: string): Promise<string> {
  const system = systems.get(deelnemer);
  if (!system || !setup) throw new Error(`no test system for ${deelnemer}`);
  const { api } = setup;
  const fetchToken = async () => {
    const response = await fetch(`${api}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${system.clientId}:${system.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`token of ${system.clientId}: HTTP ${response.status} ${text}`);
    const { access_token, expires_in } = JSON.parse(text) as { access_token: string; expires_in: number };
    return { value: access_token, until: Date.now() + (expires_in - 60) * 1000 };
  };
  // Chained on the one before, so that callers at once share one request.
  const mine = (system.token ?? fetchToken()).then((token) => (token.until > Date.now() ? token : fetchToken()));
  system.token = mine;
  // A failed request is not kept: the next call asks again.
  mine.catch(() => {
    if (system.token === mine) system.token = undefined;
  });
  return mine.then(({ value }) => value);
}

async function prepare(options: TestSideSetup) {
  if (setup) throw new Error('set up already');
  setup = options;
  const { api, tokens } = options;
  const server = (testSystems = await startTestSystems());
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const { deelnemer, type } of options.participants) {
    // It receives its side's types: a contractor's system the grid operator's messages, and back.
    const side: Side = type === 'Aannemer' ? 'opdrachtnemer' : 'opdrachtgever';
    for (const versienummer of ALL_CONFIG_VERSIENUMMERS) {
      const key = { deelnemer, versienummer };
      const urls = Object.fromEntries(
        messageTypesFor(flowOf(versienummer), side).map((message) => [
          message,
          `${origin}/${deelnemer}/test/callback/${message}`,
        ]),
      );
      const config = {
        clientId: `${deelnemer}-test`,
        clientSecret: 'bench-test-secret',
        tokenUrl: `${origin}/${deelnemer}/test/token`,
        urls,
      };
      await call('POST', `${api}/test/rest/management/config`, tokens.configs, { ...key, config });
      await call('PATCH', `${api}/test/rest/management/config`, tokens.configs, key);
      await call('PUT', `${api}/test/rest/management/message-sender`, tokens.configs, { ...key, version: 1 });
    }
    const issued = await call<{ client: { clientId: string; omgeving: string }; geheim: string }>(
      'POST',
      `${api}/rest/clients`,
      tokens.clients,
      { omschrijving: 'Bench testsysteem', omgeving: 'test', organisatie: deelnemer },
    );
    if (issued.client.omgeving !== 'test') throw new Error(`${issued.client.clientId} is no test client`);
    systems.set(deelnemer, { clientId: issued.client.clientId, secret: issued.geheim });
    const claims = JSON.parse(
      Buffer.from((await systemToken(deelnemer)).split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    if (claims[options.omgevingClaim] !== 'test') {
      throw new Error(
        `the token of ${deelnemer}'s test client says ${options.omgevingClaim}: ${String(claims[options.omgevingClaim])}`,
      );
    }
  }
  return { systems: [...systems.values()].map(({ clientId }) => clientId) };
}

/** A run as the test side saw it: under way from its start's answer until its player saw it end. */
interface RunRecord {
  deelnemer: string;
  scenario: string;
  id: string;
  started: number;
  ended?: number;
  status?: RunView['status'];
}

/** One test message of the load: when it was sent, its answer's status and time. */
interface Sent {
  at: number;
  status: number;
  ms: number;
}

/** What the slots and the load write while they go on. */
interface State {
  stopping: boolean;
  runs: RunRecord[];
  sent: Sent[];
  refused: number;
  firstRefusal?: string;
  answersRefused: number;
  firstAnswerRefusal?: string;
  firstFailure?: string;
  errors: unknown[];
}

let current: { state: State; done: Promise<unknown> } | undefined;
let starts = 0;

async function begin(options: TestSideStart) {
  if (!setup) throw new Error('setup first');
  if (current) throw new Error('the test side runs already');
  const { api, tokens } = setup;
  const { items } = await call<{ items: { id: string }[] }>('GET', `${api}/rest/testtool/scenarios`, tokens.testtool);
  const missing = options.scenarios.filter((id) => !items.some((scenario) => scenario.id === id));
  if (missing.length) throw new Error(`no scenario ${missing.join(', ')} in the catalogue`);
  const serial = ++starts;
  const state: State = { stopping: false, runs: [], sent: [], refused: 0, answersRefused: 0, errors: [] };
  let allStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (allStarted = resolve));

  // One slot per run going on at once: its participant's runs one after the other, the
  // scenarios in turn (slot i begins with scenario i, so that both flows run from the start).
  const slot = async (index: number) => {
    const deelnemer = options.runFor[index % options.runFor.length]!;
    for (let next = index; !state.stopping; next++) {
      const scenario = options.scenarios[next % options.scenarios.length]!;
      const run = await startRun(api, tokens.testtool, deelnemer, scenario);
      const record: RunRecord = { deelnemer, scenario, id: run.id, started: now() };
      state.runs.push(record);
      if (state.runs.length >= options.runs) allStarted();
      const played = await playRun(run.id, {
        api,
        testtoolToken: tokens.testtool,
        systemToken: () => systemToken(deelnemer),
        stopped: () => state.stopping,
        pollMs: options.pollMs,
        nextCallback: (opdrachtId) => nextCallback(deelnemer, opdrachtId),
      });
      state.answersRefused += played.refused;
      state.firstAnswerRefusal ??= played.firstRefusal;
      if (played.run.status === 'lopend') return; // stopped: end() stops it through the API
      record.ended = now();
      record.status = played.run.status;
      if (played.run.status !== 'geslaagd') {
        state.firstFailure ??= `${scenario} for ${deelnemer}: ${played.run.status}, ${played.run.reason ?? ''}`;
      }
    }
  };

  const load = async () => {
    if (!(options.loadPerSecond > 0)) return;
    const from = options.loadFrom;
    const intervalMs = 1000 / options.loadPerSecond;
    const pending = new Set<Promise<void>>();
    const loadStarted = now();
    for (let k = 0; ; k++) {
      const wait = loadStarted + k * intervalMs - now();
      if (wait > 0) await pause(wait);
      if (state.stopping) break;
      const example = EXAMPLE_BERICHTEN.Opdracht;
      const opdrachtnemer = options.loadTo[k % options.loadTo.length]!;
      const body = { ...example, opdrachtId: `TESTLOAD-${serial}-${k}`, data: { ...example.data, opdrachtnemer } };
      // Sent on schedule, whatever the previous answers take: a steady rate, as systems send.
      const sending = (async () => {
        const at = now();
        const response = await fetch(`${api}/api/v1/berichten`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await systemToken(from)}`,
            'content-type': 'application/json',
            'idempotency-key': `bench-testload-${serial}-${k}`,
          },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        state.sent.push({ at, status: response.status, ms: now() - at });
        if (response.status !== 202) {
          state.refused++;
          state.firstRefusal ??= `HTTP ${response.status} ${text}`;
        }
      })().catch((error: unknown) => void state.errors.push(error));
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    }
    await Promise.all(pending);
  };

  const parts = [...Array.from({ length: options.runs }, (_, index) => slot(index)), load()];
  const done = Promise.all(
    parts.map((part) =>
      part.catch((error: unknown) => {
        state.errors.push(error);
        allStarted();
      }),
    ),
  );
  current = { state, done };
  if (options.runs === 0) allStarted();
  await started;
  if (state.errors.length) throw state.errors[0];
  return { runs: state.runs.length };
}

async function end(window: { from: number; to: number }): Promise<TestSideSummary> {
  if (!current || !setup) throw new Error('the test side does not run');
  const { state, done } = current;
  const { api, tokens } = setup;
  state.stopping = true;
  await done;
  current = undefined;
  const underWay = state.runs.filter((run) => run.ended === undefined);
  await Promise.all(underWay.map((run) => stopRun(api, tokens.testtool, run.id)));
  if (state.errors.length) throw state.errors[0];

  const inWindow = state.sent.filter(({ at }) => at >= window.from && at <= window.to);
  const acceptMs = inWindow.filter(({ status }) => status === 202).map(({ ms }) => ms);
  // Runs under way at each moment of the window: the count changes only where a run starts or ends.
  const underWayAt = (at: number) =>
    state.runs.filter((run) => run.started <= at && (run.ended === undefined || run.ended > at)).length;
  const moments = [
    window.from,
    ...state.runs
      .flatMap((run) => [run.started, run.ended ?? Infinity])
      .filter((at) => at > window.from && at < window.to),
  ].sort((a, b) => a - b);
  const counts = moments.map(underWayAt);
  const weighted = moments.reduce((sum, at, i) => sum + counts[i]! * ((moments[i + 1] ?? window.to) - at), 0);
  const endedIn = state.runs.filter(
    (run) => run.ended !== undefined && run.ended >= window.from && run.ended <= window.to,
  );
  return {
    window: {
      sent: inWindow.length,
      accepted: acceptMs.length,
      ...(acceptMs.length > 0 && { acceptP50: percentile(acceptMs, 50), acceptP99: percentile(acceptMs, 99) }),
      runsMin: Math.min(...counts),
      runsMean: weighted / (window.to - window.from),
      runsMax: Math.max(...counts),
      passed: endedIn.filter((run) => run.status === 'geslaagd').length,
      failed: endedIn.filter((run) => run.status !== 'geslaagd').length,
      callbacks: callbackTimes.filter((at) => at >= window.from && at <= window.to).length,
    },
    total: {
      sent: state.sent.length,
      refused: state.refused,
      ...(state.firstRefusal !== undefined && { firstRefusal: state.firstRefusal }),
      runsStarted: state.runs.length,
      passed: state.runs.filter((run) => run.status === 'geslaagd').length,
      failed: state.runs.filter((run) => run.status !== undefined && run.status !== 'geslaagd').length,
      stopped: underWay.length,
      ...(state.firstFailure !== undefined && { firstFailure: state.firstFailure }),
      answersRefused: state.answersRefused,
      ...(state.firstAnswerRefusal !== undefined && { firstAnswerRefusal: state.firstAnswerRefusal }),
    },
  };
}

process.on('message', (message: TestSideCommand & { seq: number }) => {
  const answer = (value: unknown) => process.send?.({ seq: message.seq, value });
  const fail = (error: unknown) => process.send?.({ seq: message.seq, error: String(error) });
  switch (message.cmd) {
    case 'setup':
      return void prepare(message).then(answer, fail);
    case 'start':
      return void begin(message).then(answer, fail);
    case 'stop':
      return void end(message.window).then(answer, fail);
    case 'exit':
      testSystems?.close();
      return process.disconnect();
  }
});
process.send?.({ ready: true });
