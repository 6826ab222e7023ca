import { TEST_API_PREFIX, type Omgeving } from '@knooppunt/domain';
import type { Change } from '@/lib/query-client';

/**
 * The path of a configuration call in an environment: the test environment's calls are
 * production's under `/test`, with the same bodies and answers (decision 0038).
 */
export function omgevingPath(omgeving: Omgeving, path: string): string {
  return omgeving === 'test' ? `${TEST_API_PREFIX}${path}` : path;
}

/** What a change of the environment's configurations makes stale: that environment's data only. */
export function configsChange(omgeving: Omgeving): Change {
  return omgeving === 'test' ? 'testConfigs' : 'configs';
}
