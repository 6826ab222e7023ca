/**
 * The participants' side of the delivery benchmark, in its own process so it has its own core:
 * one loopback HTTP server that is every receiver (token endpoint and callbacks, per deelnemer
 * under /<deelnemer>/), and the participants' systems that submit messages to the platform's API.
 * Both run here so submit and arrival times come from one clock. Driven over IPC by delivery.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { CHAIN, chainMessage, type BenchOrder, type Command, type ReceiverMode, type ReceiverStats } from './protocol';
import { now, pause } from './stats';

export const RECEIVER_TOKEN = 'bench-token';

const rankOf = (body: { type: string; data?: { n?: number } }) =>
  typeof body.data?.n === 'number' ? body.data.n : CHAIN.indexOf(body.type as (typeof CHAIN)[number]);

function createReceiver() {
  const seen = new Set<string>();
  const lastRank = new Map<string, number>();
  const open = new Map<string, number>();
  const arrivals = new Map<string, (at: number) => void>();
  const modes = new Map<string, ReceiverMode>();
  /** Callbacks a receiver in mode 'hang' leaves unanswered; dropped when its mode changes or on reset. */
  const hanging = new Map<string, Set<ServerResponse>>();
  const empty = (): ReceiverStats => ({
    received: 0,
    unique: 0,
    duplicates: 0,
    fifoViolations: 0,
    maxOpenPerReceiver: 0,
    perReceiver: {},
    refused: 0,
  });
  const stats = empty();
  const dropHanging = (deelnemer?: string) => {
    for (const [name, responses] of hanging) {
      if (deelnemer !== undefined && name !== deelnemer) continue;
      for (const res of responses) res.destroy();
      hanging.delete(name);
    }
  };

  const callback = (deelnemer: string, raw: string, key: string | undefined) => {
    const at = now();
    stats.received++;
    const body = JSON.parse(raw) as { id: string; opdrachtId: string; type: string; data?: { n?: number } };
    if (key !== body.id) stats.fifoViolations++; // the idempotency key must be the message id
    if (seen.has(body.id)) {
      stats.duplicates++;
      return;
    }
    seen.add(body.id);
    stats.unique++;
    const mine = (stats.perReceiver[deelnemer] ??= { unique: 0, first: at, last: 0 });
    mine.unique++;
    mine.last = at;
    const order = `${deelnemer}|${body.opdrachtId}`;
    const rank = rankOf(body);
    if ((lastRank.get(order) ?? -1) > rank) stats.fifoViolations++;
    lastRank.set(order, rank);
    arrivals.get(body.opdrachtId)?.(at);
  };

  /** The token endpoint's answer, the same for every participant. */
  const answerToken = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: RECEIVER_TOKEN, token_type: 'Bearer', expires_in: 3600 }));
  };
  /** A callback without the token is answered 401; answers whether it had it. */
  const authorized = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization === `Bearer ${RECEIVER_TOKEN}`) return true;
    res.writeHead(401).end();
    return false;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const [, deelnemer = '', kind] = (req.url ?? '').split('/');
    const inFlight = (open.get(deelnemer) ?? 0) + 1;
    open.set(deelnemer, inFlight);
    if (kind !== 'token') stats.maxOpenPerReceiver = Math.max(stats.maxOpenPerReceiver, inFlight);
    // Open from the request's first byte until its answer is sent: what the platform has in flight.
    res.on('close', () => open.set(deelnemer, (open.get(deelnemer) ?? 1) - 1));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (kind === 'token') return answerToken(res);
      if (!authorized(req, res)) return;
      const mode = modes.get(deelnemer) ?? 'ok';
      if (mode !== 'ok') {
        stats.refused++;
        if (mode === 'fail') res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        else {
          const responses = hanging.get(deelnemer) ?? new Set<ServerResponse>();
          hanging.set(deelnemer, responses.add(res));
          res.on('close', () => responses.delete(res));
        }
        return;
      }
      callback(deelnemer, Buffer.concat(chunks).toString('utf8'), req.headers['idempotency-key'] as string);
      // Answered a turn later, as a receiver that stores the message would: requests that arrive
      // together are open together, so the check sees how many the platform has in flight.
      setImmediate(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
  });
  server.keepAliveTimeout = 60_000;

  return {
    server,
    stats: (): ReceiverStats => ({ ...stats, perReceiver: structuredClone(stats.perReceiver) }),
    reset() {
      seen.clear();
      lastRank.clear();
      Object.assign(stats, empty());
    },
    setMode(deelnemer: string, mode: ReceiverMode) {
      if (mode === 'ok') modes.delete(deelnemer);
      else modes.set(deelnemer, mode);
      if (mode !== 'hang') dropHanging(deelnemer);
    },
    close() {
      dropHanging();
      server.close();
    },
    /** Resolves with the arrival time of the first callback for the order. */
    arrival(opdrachtId: string): Promise<number> {
      return new Promise((resolve) => arrivals.set(opdrachtId, (at) => (arrivals.delete(opdrachtId), resolve(at))));
    },
  };
}

const agent = new Agent({ connections: 128, keepAliveTimeout: 60_000 });

async function post(api: string, token: string, body: unknown): Promise<void> {
  const response = await request(`${api}/api/v1/berichten`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode !== 202) throw new Error(`HTTP ${response.statusCode}: ${text}`);
}

/** Each order's chain in sequence (each message needs the previous one accepted), orders in parallel. */
async function submitOrders(api: string, tokens: Record<string, string>, orders: BenchOrder[], concurrency: number) {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const started = now();
  const lane = async () => {
    for (let i = next++; i < orders.length; i = next++) {
      const order = orders[i]!;
      for (const type of CHAIN) {
        const { from, body } = chainMessage(order, type);
        try {
          await post(api, tokens[from]!, body);
        } catch (error) {
          failed++;
          firstError ??= String(error);
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { started, submittedMs: now() - started, failed, firstError };
}

async function idleLatencies(api: string, token: string, order: Omit<BenchOrder, 'opdrachtId'>, count: number) {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const opdrachtId = `IDLE-${randomUUID()}`;
    const arrived = receiver.arrival(opdrachtId);
    const started = now();
    await post(api, token, chainMessage({ ...order, opdrachtId }, 'Opdracht').body);
    latencies.push((await arrived) - started);
    await pause(5);
  }
  return latencies;
}

const receiver = createReceiver();
receiver.server.listen(0, '127.0.0.1', () => {
  process.send?.({ ready: true, port: (receiver.server.address() as AddressInfo).port });
});

process.on('message', (message: Command & { seq: number }) => {
  const answer = (value: unknown) => process.send?.({ seq: message.seq, value });
  const fail = (error: unknown) => process.send?.({ seq: message.seq, error: String(error) });
  switch (message.cmd) {
    case 'reset':
      receiver.reset();
      return answer(true);
    case 'stats':
      return answer(receiver.stats());
    case 'submit':
      return void submitOrders(message.api, message.tokens, message.orders, message.concurrency).then(answer, fail);
    case 'idle':
      return void idleLatencies(message.api, message.token, message.order, message.count).then(answer, fail);
    case 'mode':
      receiver.setMode(message.deelnemer, message.mode);
      return answer(true);
    case 'exit':
      receiver.close();
      void agent.close();
      return process.disconnect();
  }
});
