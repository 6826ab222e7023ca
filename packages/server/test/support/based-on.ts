import { eq } from 'drizzle-orm';
import { isUuid } from '../../src/db/uuid';
import { ruleScenarios } from '../../src/db/schema';
import type { TestApp } from '../helpers';

/**
 * What a scenario change builds on (decision 0025): the scenario's `changed` as it is now, as the
 * portal has it after loading; for an id that names no scenario, any moment.
 */
export async function scenarioBasedOn(t: TestApp, id: string): Promise<{ changed: string }> {
  const [row] = isUuid(id)
    ? await t.app.db.select({ changed: ruleScenarios.changed }).from(ruleScenarios).where(eq(ruleScenarios.id, id))
    : [];
  return { changed: (row?.changed ?? new Date(0)).toISOString() };
}
