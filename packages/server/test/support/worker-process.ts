import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedPort, reply, startLocalServer } from './local-server';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUT_TAIL = 20_000;

export interface WorkerProcessOptions {
  /** The PostgreSQL database to deliver from (a worker process cannot share an in-process PGlite). */
  databaseUrl: string;
  /** base64 of the 32-byte key the receivers' client secrets were encrypted with. */
  secretKey: string;
  /** The claim lease is 5 × this (delivery/index.ts). */
  outboundTimeoutMs?: number;
}

export interface WorkerProcess {
  name: string;
  port: number;
  /** The tail of its stdout and stderr (pino logs to stdout), for assertion messages. */
  output(): string;
  /** Null while it runs; how it ended otherwise. */
  exit(): string | null;
  /** Resolves once /health answers 200; rejects with its output if it exits or takes too long. */
  ready(timeoutMs?: number): Promise<void>;
  /** Its own `knooppunt_messages_delivered_total`, summed over receivers (a per-process counter). */
  deliveredTotal(): Promise<number>;
  /** Sends the signal if it still runs and waits until it has ended. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** `ROLE=worker` as a real process: `node --import tsx src/main.ts`, like a deployment runs it. */
export async function spawnWorker(name: string, options: WorkerProcessOptions): Promise<WorkerProcess> {
  const port = await closedPort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `knooppunt-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: options.databaseUrl,
      DEMO: '0',
      SECRET_KEY: options.secretKey,
      ALLOW_PRIVATE_TARGETS: '1',
      OUTBOUND_TIMEOUT_MS: String(options.outboundTimeoutMs ?? 1000),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let ended: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    });
  });
  const describe = () => `worker ${name} (${ended ?? 'running'}); its output:\n${output || '(none)'}`;
  const origin = `http://127.0.0.1:${port}`;

  return {
    name,
    port,
    output: describe,
    exit: () => ended,
    async ready(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        if (ended) throw new Error(`${describe()}\nended before /health answered`);
        const status = await fetch(`${origin}/health`).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > until) throw new Error(`${describe()}\n/health did not answer within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async deliveredTotal() {
      const text = await (await fetch(`${origin}/metrics`)).text();
      return text
        .split('\n')
        .filter((line) => line.startsWith('knooppunt_messages_delivered_total{'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    },
    async kill(signal = 'SIGKILL') {
      if (!ended) child.kill(signal);
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `done` until it holds. Fails at once, with the workers' output, when one of them ends on
 * its own, and with `describe()` and their output after `timeoutMs`.
 */
export async function waitUntil(
  done: () => boolean | Promise<boolean>,
  { workers, timeoutMs, describe }: { workers: WorkerProcess[]; timeoutMs: number; describe: () => string },
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const dead = workers.find((worker) => worker.exit() !== null);
    if (dead) throw new Error(`${dead.output()}\nended while waiting for: ${describe()}`);
    if (await done()) return;
    if (Date.now() > until) {
      throw new Error(`timed out after ${timeoutMs} ms: ${describe()}\n${workers.map((w) => w.output()).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Arrival {
  /** The Idempotency-Key header: the message id. */
  id: string;
  deelnemer: string;
  opdrachtId: string;
  /** The per-order sequence number the test put in the message's data. */
  seq: number;
  /** performance.now() when the request had arrived, and when its answer was sent or the connection lost. */
  start: number;
  end: number | undefined;
}

export interface FanoutReceiver {
  origin: string;
  /** Authorised callbacks, in the order they arrived. */
  arrivals: Arrival[];
  /** Per deelnemer, the most callbacks open at one moment. */
  maxOpen: Map<string, number>;
  /** Callbacks open now, over all deelnemers. */
  open(): number;
  /** Requests that were not a token request nor an authorised callback of a known shape. */
  rejected: number;
  close(): Promise<void>;
}

export const FANOUT_TOKEN = 'fanout-token';

/**
 * One loopback server playing many participants' systems: POST /token for all of them, and
 * POST /<deelnemer>/<type> callbacks, each answered 200 after a random delay in `delayMs`.
 */
export async function startFanoutReceiver(delayMs: [number, number] = [5, 30]): Promise<FanoutReceiver> {
  const openNow = new Map<string, number>();
  let openTotal = 0;
  const receiver: FanoutReceiver = {
    origin: '',
    arrivals: [],
    maxOpen: new Map(),
    open: () => openTotal,
    rejected: 0,
    close: () => server.close(),
  };
  const server = await startLocalServer((request, response) => {
    if (request.url === '/token') {
      return reply(response, 200, { access_token: FANOUT_TOKEN, token_type: 'Bearer', expires_in: 3600 });
    }
    const deelnemer = /^\/([^/]+)\/[^/]+$/.exec(request.url)?.[1];
    const id = request.headers['idempotency-key'];
    const body = JSON.parse(request.body || '{}') as { id?: string; opdrachtId?: string; data?: { seq?: number } };
    if (
      !deelnemer ||
      typeof id !== 'string' ||
      body.id !== id ||
      request.headers.authorization !== `Bearer ${FANOUT_TOKEN}`
    ) {
      receiver.rejected++;
      return reply(response, 401, {});
    }
    const arrival: Arrival = {
      id,
      deelnemer,
      opdrachtId: body.opdrachtId ?? '',
      seq: Number(body.data?.seq),
      start: performance.now(),
      end: undefined,
    };
    receiver.arrivals.push(arrival);
    const open = (openNow.get(deelnemer) ?? 0) + 1;
    openNow.set(deelnemer, open);
    openTotal++;
    receiver.maxOpen.set(deelnemer, Math.max(receiver.maxOpen.get(deelnemer) ?? 0, open));
    response.on('close', () => {
      arrival.end = performance.now();
      openNow.set(deelnemer, (openNow.get(deelnemer) ?? 1) - 1);
      openTotal--;
    });
    const [min, max] = delayMs;
    setTimeout(() => reply(response, 200, { ok: true }), min + Math.random() * (max - min));
  });
  receiver.origin = server.origin;
  return receiver;
}
