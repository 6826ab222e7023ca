import { once } from 'node:events';
import { setPriority } from 'node:os';
import { Worker, isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { productionLoad, type ProductionLoad } from '../delivery/production-load';
import { outboundFromConfig } from '../outbound/client';
import { createSecretCipher } from '../secrets/cipher';
import {
  startTestEnvironment,
  type TestEnvironment,
  type TestEnvironmentLog,
  type TestEnvironmentOptions,
} from './environment';

/*
 * The test environment on a thread of its own (decision 0038): with PostgreSQL the test lane and
 * the conformance runner run in a worker thread of the worker process — its own event loop, its
 * own connections — so that test traffic, however much of it, never takes the production drain's
 * thread. The thread logs through the parent's logger; the parent starts it again when it ends.
 */

interface ThreadData {
  entry: string;
  config: Pick<Config, 'outbound' | 'alerts' | 'publicUrl' | 'testtool'>;
  databaseUrl: string;
  /** The secret key, as the parent loaded it. */
  key: Uint8Array;
  tickMs?: number;
  /** Production's lanes in flight in the parent (production-load.ts): the same memory, read here. */
  productionLoad?: SharedArrayBuffer;
}

type LogLevel = 'error' | 'warn' | 'info';
type ThreadMessage = { log: LogLevel; details: object; message: string } | { ready: number };
type Command = { cmd: 'stop' };

/** The production connections the thread needs: the runner's reads and writes of the runs. */
const THREAD_POOL_SIZE = 2;
/**
 * The thread's nice value (Linux keeps one per thread; 0 is the process's): when the cores are
 * busy, the production drain's threads come first and test traffic takes what they leave.
 */
export const THREAD_NICE = 10;
/** How long the parent waits before it starts a thread that ended on its own again. */
export const THREAD_RESTART_MS = 1000;

const BOOT = new URL('./environment-thread-boot.mjs', import.meta.url);
const ENTRY = new URL('./environment-thread.ts', import.meta.url).href;

/** Errors become plain objects: a log line crosses to the parent by structured clone. */
function cloneable(details: object): object {
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value,
    ]),
  );
}

/**
 * The test environment where it belongs: with PostgreSQL on a thread of its own (unless `thread:
 * false`, for tests), with PGlite — one database in this thread — in the main thread.
 */
export async function runTestEnvironment(
  options: TestEnvironmentOptions & {
    config: Pick<Config, 'database'>;
    handle: Pick<DatabaseHandle, 'db' | 'test' | 'kind'>;
    secretKey: Buffer;
    thread?: boolean;
    productionLoad?: ProductionLoad;
  },
): Promise<TestEnvironment> {
  const { database } = options.config;
  if (database.kind === 'postgres' && options.thread !== false) {
    const { productionLoad: load, ...rest } = options;
    return startTestEnvironmentThread({
      ...rest,
      databaseUrl: database.url,
      key: options.secretKey,
      ...(load && { productionLoad: load.buffer }),
    });
  }
  return startTestEnvironment(options);
}

/** Starts the test environment's thread; `stop` ends it after its deliveries under way. */
function startTestEnvironmentThread(options: {
  config: ThreadData['config'];
  databaseUrl: string;
  key: Buffer;
  log: TestEnvironmentLog;
  tickMs?: number;
  productionLoad?: SharedArrayBuffer;
}): TestEnvironment {
  const { log } = options;
  let stopping = false;
  let current: Worker | undefined;
  let restart: NodeJS.Timeout | undefined;
  let runningOn: number | undefined;

  const spawn = () => {
    const data: ThreadData = {
      entry: ENTRY,
      config: options.config,
      databaseUrl: options.databaseUrl,
      key: new Uint8Array(options.key),
      ...(options.tickMs !== undefined && { tickMs: options.tickMs }),
      ...(options.productionLoad && { productionLoad: options.productionLoad }),
    };
    const worker = new Worker(BOOT, { workerData: data });
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) runningOn = message.ready;
      else log[message.log](message.details, message.message);
    });
    worker.on('error', (error) => log.error({ err: error }, 'de testomgeving (eigen thread) faalde'));
    worker.on('exit', (code) => {
      if (current === worker) {
        current = undefined;
        runningOn = undefined;
      }
      if (stopping) return;
      log.error({ code }, `de testomgeving (eigen thread) stopte; over ${THREAD_RESTART_MS} ms opnieuw gestart`);
      restart = setTimeout(spawn, THREAD_RESTART_MS);
      restart.unref();
    });
    current = worker;
  };
  spawn();

  return {
    get threadId() {
      return runningOn;
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const worker = current;
      if (!worker) return;
      const exited = once(worker, 'exit');
      worker.postMessage({ cmd: 'stop' } satisfies Command);
      await exited;
    },
  };
}

/** The thread itself. */
async function runThread(data: ThreadData) {
  const port = parentPort!;
  const send = (level: LogLevel) => (details: object, message: string) =>
    port.postMessage({ log: level, details: cloneable(details), message } satisfies ThreadMessage);
  const log: TestEnvironmentLog = { error: send('error'), warn: send('warn'), info: send('info') };
  // Only where the priority is the thread's own: elsewhere (macOS) it would be the whole process's.
  if (process.platform === 'linux') {
    try {
      setPriority(THREAD_NICE);
    } catch (error) {
      log.warn({ err: error }, 'de testomgeving kon haar eigen prioriteit niet verlagen');
    }
  }
  const started = (async () => {
    const handle = await openDatabase({ kind: 'postgres', url: data.databaseUrl }, log, {
      migrate: false,
      poolSize: THREAD_POOL_SIZE,
    });
    const outbound = outboundFromConfig(data.config.outbound);
    const environment = await startTestEnvironment({
      config: data.config,
      handle,
      outbound,
      cipher: createSecretCipher(Buffer.from(data.key)),
      log,
      tickMs: data.tickMs,
      ...(data.productionLoad && { productionLoad: productionLoad(data.productionLoad) }),
    });
    return { handle, outbound, environment };
  })();
  port.on('message', (command: Command) => {
    if (command.cmd !== 'stop') return;
    void started
      .then(async ({ handle, outbound, environment }) => {
        await environment.stop();
        await outbound.close();
        await handle.close();
      })
      .catch((error: unknown) => log.error({ err: error }, 'de testomgeving stopte niet netjes'))
      .finally(() => process.exit(0));
  });
  await started;
  port.postMessage({ ready: threadId } satisfies ThreadMessage);
}

if (!isMainThread && (workerData as Partial<ThreadData> | null)?.entry === ENTRY) {
  await runThread(workerData as ThreadData);
}
