import type { ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../../src/db/client';
import { configurations, messages, senders } from '../../src/db/schema';
import { secretContext } from '../../src/secrets/context';
import { createOutbound, type Outbound } from '../../src/outbound/client';
import { createSecretCipher, type SecretCipher } from '../../src/secrets/cipher';
import type { Run } from '../../src/delivery/claim';
import type { ClaimedId } from '../../src/delivery/complete';
import { enqueueMessage } from '../../src/delivery/enqueue';
import { createWakeup, type Wakeup } from '../../src/delivery/wakeup';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from '../../src/delivery/worker';
import { createReceiptSigner, type ReceiptSigner } from '../../src/receipts/signer';
import { reply, startLocalServer, type LocalServer, type ReceivedRequest } from './local-server';
import { testDatabase } from './test-database';

export const VERSIENUMMER = '2.0';
const SECRET = 'ontvanger-secret-3b9e';

export interface Receiver {
  origin: string;
  /** Callback requests, in the order they arrived. */
  callbacks: ReceivedRequest[];
  tokenRequests: number;
  /** The most callback requests that were open at the receiver at one moment. */
  maxConcurrent: number;
  /** The token the receiver accepts now; change it to make the previous one invalid. */
  validToken: string;
  close(): Promise<void>;
}

export interface ReceiverBehaviour {
  /** Answer of a callback (after the bearer check); default 200. `undefined` never answers. */
  status?: (request: ReceivedRequest) => number | undefined;
  delayMs?: number;
}

/** A participant's system on 127.0.0.1: POST /token and POST /callback/<type>, bearer-checked. */
export async function startReceiver(behaviour: ReceiverBehaviour = {}): Promise<Receiver> {
  let open = 0;

  const receiver: Receiver = {
    origin: '',
    callbacks: [],
    tokenRequests: 0,
    maxConcurrent: 0,
    validToken: 'token-1',
    close: () => server.close(),
  };
  const server: LocalServer = await startLocalServer((request, response: ServerResponse) => {
    if (request.url === '/token') {
      receiver.tokenRequests++;
      return reply(response, 200, { access_token: receiver.validToken, token_type: 'Bearer', expires_in: 3600 });
    }
    if (request.headers.authorization !== `Bearer ${receiver.validToken}`) return reply(response, 401, {});
    receiver.callbacks.push(request);
    open++;
    receiver.maxConcurrent = Math.max(receiver.maxConcurrent, open);
    response.on('close', () => open--);
    const status = behaviour.status ? behaviour.status(request) : 200;
    if (status === undefined) return;
    setTimeout(() => reply(response, status, { status }), behaviour.delayMs ?? 0);
  });
  receiver.origin = server.origin;
  return receiver;
}

export interface DeliveryFixture {
  handle: DatabaseHandle;
  /** The database's URL on the PostgreSQL server, for a connection of a test's own; undefined on PGlite. */
  url: string | undefined;
  db: Database;
  cipher: SecretCipher;
  outbound: Outbound;
  wakeup: Wakeup;
  /** Signs the receipts of the fixture's workers with the database's receipt key. */
  receipts: ReceiptSigner;
  startWorker(options?: Partial<DeliveryWorkerOptions>): DeliveryWorker;
  close(): Promise<void>;
}

/** A fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and what a worker needs. */
export async function deliveryFixture(outboundTimeoutMs = 2000): Promise<DeliveryFixture> {
  const { handle, url, drop } = await freshDatabase();
  const db = handle.db;
  const cipher = createSecretCipher(randomBytes(32));
  const outbound = createOutbound({ allowPrivateTargets: true, timeoutMs: outboundTimeoutMs });
  const wakeup = await createWakeup(handle);
  const workers: DeliveryWorker[] = [];
  const log = { error: () => {}, warn: () => {} };
  const receipts = await createReceiptSigner(db);
  return {
    handle,
    url,
    db,
    cipher,
    outbound,
    wakeup,
    receipts,
    startWorker(options = {}) {
      const worker = createDeliveryWorker({ db, outbound, cipher, log, wakeup, receipts, ...options });
      worker.start();
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      receipts.stop();
      await wakeup.close();
      await outbound.close();
      await handle.close();
      await drop();
    },
  };
}

export interface FreshDatabase {
  /** Opened, with every migration applied. */
  handle: DatabaseHandle;
  /** The new database's URL on the PostgreSQL server, for other processes; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * Like createTestApp's database, without the rest of the application: PGlite in memory, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function freshDatabase(): Promise<FreshDatabase> {
  const { database, url, drop } = await testDatabase('knooppunt_delivery');
  try {
    return { handle: await openDatabase(database), url, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

export interface ReceiverSetup {
  deelnemer: string;
  origin: string;
  version?: number;
  running?: boolean;
  maxMessages?: number;
  /** Message types with a callback URL; default ['Opdracht', 'Status']. */
  types?: string[];
  /** Path prefix of the callback URLs, to tell configuration versions apart. */
  path?: string;
  /** The message version (default VERSIENUMMER, Aansluiting). */
  versienummer?: string;
}

/** An active configuration for the receiver and its sender using it. */
export async function seedReceiver(db: Database, cipher: SecretCipher, setup: ReceiverSetup): Promise<void> {
  const version = setup.version ?? 1;
  const types = setup.types ?? ['Opdracht', 'Status'];
  const versienummer = setup.versienummer ?? VERSIENUMMER;
  await db.insert(configurations).values({
    deelnemer: setup.deelnemer,
    versienummer,
    version,
    draft: false,
    clientId: `${setup.deelnemer}-client`,
    clientSecretEncrypted: cipher.encrypt(SECRET, secretContext(setup.deelnemer, versienummer)),
    tokenUrl: `${setup.origin}/token`,
    urls: Object.fromEntries(types.map((type) => [type, `${setup.origin}${setup.path ?? '/callback'}/${type}`])),
  });
  await db
    .insert(senders)
    .values({
      deelnemer: setup.deelnemer,
      versienummer,
      version,
      running: setup.running ?? true,
      maxMessages: setup.maxMessages ?? 5,
    })
    .onConflictDoUpdate({
      target: [senders.deelnemer, senders.versienummer],
      set: { version, running: setup.running ?? true, maxMessages: setup.maxMessages ?? 5 },
    });
}

/** Submits one message in its own transaction, as the participants' API does. */
export async function submit(
  db: Database,
  m: { receiver: string; opdrachtId: string; type?: string; data?: Record<string, unknown>; versienummer?: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const { id } = await enqueueMessage(tx, {
      opdrachtId: m.opdrachtId,
      versienummer: m.versienummer ?? VERSIENUMMER,
      type: m.type ?? 'Opdracht',
      sender: 'Netbeheer_Test',
      receiver: m.receiver,
      idempotencyKey: randomUUID(),
      data: m.data ?? {},
    });
    return id;
  });
}

/** The message ids of claimed runs, the runs in order of receiver and order id. */
export function ids(runs: readonly Run[]): string[][] {
  const key = (run: Run) => `${run[0]!.receiver}|${run[0]!.opdrachtId}`;
  return [...runs].sort((a, b) => key(a).localeCompare(key(b))).map((run) => run.map((message) => message.id));
}

/** Polls until the check passes (or fails with its last error after `timeoutMs`). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The JSON body of a callback request. */
export const bodyOf = (request: ReceivedRequest) =>
  JSON.parse(request.body) as { id: string; opdrachtId: string; type: string; data: Record<string, unknown> };

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The positive signal before a test asserts that something was NOT sent: a message to a fresh
 * order of `deelnemer` (whose system is `at`), submitted now, reaches it and its outcome is
 * recorded — so the worker did claim and record after what the test holds back was due, and
 * left that alone. Answers the message's id and order.
 */
export async function workerWentOn(
  f: Pick<DeliveryFixture, 'db' | 'wakeup'>,
  at: Receiver,
  deelnemer: string,
): Promise<{ id: string; opdrachtId: string }> {
  const opdrachtId = `BEWIJS-${randomUUID().slice(0, 8)}`;
  const id = await submit(f.db, { receiver: deelnemer, opdrachtId });
  f.wakeup.signal();
  await eventually(async () => {
    expect(at.callbacks.some((request) => bodyOf(request).id === id)).toBe(true);
    const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
    expect(row?.deliveredAt !== null || (row?.failedAttempts ?? 0) > 0).toBe(true);
  });
  return { id, opdrachtId };
}

/**
 * Fixtures and receivers for one test file, each closed after every test (last opened, first
 * closed), so a failing test leaves no database or server behind.
 */
export function useDeliveryResources() {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  return {
    async fixture(outboundTimeoutMs?: number): Promise<DeliveryFixture> {
      const fixture = await deliveryFixture(outboundTimeoutMs);
      cleanup.push(fixture.close);
      return fixture;
    },
    async receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
      const started = await startReceiver(...args);
      cleanup.push(started.close);
      return started;
    },
  };
}

/**
 * Message ids with the lane their order's head is claimed in now, as the worker holding that claim
 * records them (complete.ts: every outcome carries its claim's lane).
 */
export async function inLane(db: Database, messageIds: readonly string[]): Promise<ClaimedId[]> {
  const rows = await queryRows<{ id: string; lane: string }>(
    db,
    sql`select m.id, h.lane from messages m
        join order_heads h on h.receiver = m.receiver and h.opdracht_id = m.opdracht_id
        where m.id = any(${`{${messageIds.join(',')}}`}::uuid[])`,
  );
  const lanes = new Map(rows.map((row) => [row.id, row.lane]));
  return messageIds.map((id) => ({ id, lane: lanes.get(id)! }));
}
