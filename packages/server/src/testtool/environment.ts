import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { startDelivery, type ProductionLoad } from '../delivery';
import type { DeliveryLog } from '../delivery/worker';
import { createRuleValidator, type EnforcementLog } from '../modules/regels/enforcement';
import { createInboundService } from '../modules/inbound/service';
import type { Outbound } from '../outbound/client';
import type { SecretCipher } from '../secrets/cipher';
import { createConformanceRunner } from './runner';
import { SIMULATOR_RECEIVERS } from './simulator';

export type TestEnvironmentLog = DeliveryLog & EnforcementLog;

export interface TestEnvironmentOptions {
  config: Pick<Config, 'outbound' | 'alerts' | 'publicUrl' | 'testtool'>;
  handle: Pick<DatabaseHandle, 'db' | 'test' | 'kind'>;
  outbound: Pick<Outbound, 'post'>;
  cipher: SecretCipher;
  log: TestEnvironmentLog;
  /** Tests: how often the conformance runner looks at the runs. */
  tickMs?: number;
  /** Production's load in this process: the test lane defers to it while it is busy (decision 0064). */
  productionLoad?: ProductionLoad;
}

export interface TestEnvironment {
  /** The thread it runs on, once running there (environment-thread.ts); undefined in the main thread. */
  readonly threadId?: number;
  stop(): Promise<void>;
}

/**
 * The worker's part of the test environment (decisions 0038, 0040): the test lane, which delivers
 * the test environment's outbox (the simulator's messages it takes itself), and the conformance
 * runner, which sends the simulator's messages through the test accepting service and moves the
 * runs on. With PostgreSQL it runs on a thread of its own (environment-thread.ts), so that the
 * production drain's thread never does its work; PGlite lives in the process's main thread, and so
 * does this then.
 */
export async function startTestEnvironment(options: TestEnvironmentOptions): Promise<TestEnvironment> {
  const { config, handle, log } = options;
  const delivery = await startDelivery({
    config,
    handle: { db: handle.test, kind: handle.kind },
    outbound: options.outbound,
    cipher: options.cipher,
    log,
    omgeving: 'test',
    localReceivers: SIMULATOR_RECEIVERS,
    ...(options.productionLoad && { productionLoad: options.productionLoad }),
  });
  // The simulator sends through the test environment's accepting service, as any system does.
  const inbound = createInboundService({
    db: handle.test,
    contentValidators: [createRuleValidator(handle.test, log)],
    log,
  });
  const runner = createConformanceRunner({
    db: handle.db,
    testDb: handle.test,
    inbound,
    log,
    tickMs: options.tickMs,
    quietSeconds: config.testtool.quietSeconds,
  });
  runner.start();
  return {
    async stop() {
      await runner.stop();
      await delivery.stop();
    },
  };
}
