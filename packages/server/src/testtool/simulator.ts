import { ALL_CONFIG_VERSIENUMMERS, SIMULATOR, permissionsFor, type Side } from '@knooppunt/domain';
import type { AuthUser } from '../auth/verifier';
import type { Database } from '../db/client';
import { organisations, senders } from '../db/schema';

/*
 * Knooppunt's simulated counterparties in the test environment (issue 28, decision 0040): two
 * organisations, a grid operator and a contractor, that the simulator sends as. Messages to them
 * are taken by the test lane itself (their receivers are local: delivery/worker.ts), so they need
 * a sender in the test environment but no configuration, and nothing reaches the outside.
 */

/** The simulator's organisations and their senders in the test environment, made when missing. */
export async function ensureSimulator(db: Database, testDb: Database): Promise<void> {
  const types: Record<Side, string> = { opdrachtgever: 'Netbeheerder', opdrachtnemer: 'Aannemer' };
  for (const side of ['opdrachtgever', 'opdrachtnemer'] as const) {
    await db.insert(organisations).values({ organisatie: SIMULATOR[side], type: types[side] }).onConflictDoNothing();
    for (const versienummer of ALL_CONFIG_VERSIENUMMERS) {
      await testDb
        .insert(senders)
        .values({ deelnemer: SIMULATOR[side], versienummer, version: 1, running: true, maxMessages: 5 })
        .onConflictDoNothing();
    }
  }
}

/** The receivers whose messages the test lane takes itself: the simulator's. */
export const SIMULATOR_RECEIVERS: ReadonlySet<string> = new Set(Object.values(SIMULATOR));

/** The simulator as the accepting service sees a system of one side: a test system of its organisation. */
export function simulatorSystem(side: Side): AuthUser {
  return {
    sub: `simulator:${SIMULATOR[side]}`,
    email: undefined,
    deelnemer: SIMULATOR[side],
    roles: [],
    permissions: permissionsFor([]),
    clientId: undefined,
    system: true,
    omgeving: 'test',
  };
}
