import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE_GROUPS, SUPER_ROLE, permissionsFor } from '@knooppunt/domain';
import { queryRows } from '../src/db/client';
import { users } from '../src/db/schema';
import { demoSystemClientId } from '../src/demo/data';
import { bearer, createTestApp, tokenFor } from './helpers';
import { changedTables, fingerprinter } from './support/db-fingerprint';
import {
  ValueGenerator,
  operationsOf,
  requestArbitrary,
  type FuzzRequest,
  type OpenApiDocument,
} from './support/openapi-fuzz';

/**
 * Every operation of the OpenAPI document the app serves, sent generated malformed requests as
 * every kind of caller: no answer may be a 5xx, and no 4xx may leave a write behind.
 * FUZZ_SEED and FUZZ_RUNS (requests per operation and caller) change the run; a failure prints
 * the seed, the operation and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 18);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

const t = await createTestApp({ DEMO_RULES: '1' });
afterAll(() => t.close());

const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
const operations = operationsOf(document);

const beheerRoles = [SUPER_ROLE, ...(ROLE_GROUPS.find((g) => g.organisationType === 'Beheerder')?.optionalRoles ?? [])];
const netbeheerderGroup = ROLE_GROUPS.find((g) => g.organisationType === 'Netbeheerder');
const participantRoles = [
  ...(netbeheerderGroup?.roles ?? []),
  ...(netbeheerderGroup?.optionalRoles ?? []),
  'Beheer Monitoring',
  'Beheer User Viewers',
  'Beheer User Beheer',
  'Business Rules Beheer',
];
const PARTICIPANT = 'Netbeheer_Noord';
async function userId(email: string): Promise<string> {
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
}
const CALLERS: Record<string, Record<string, string>> = {
  'no token': {},
  'super role, all rights': bearer(await tokenFor(t, { roles: beheerRoles, deelnemer: 'Knooppunt_Beheer' })),
  "participant's portal user": bearer(await tokenFor(t, { roles: participantRoles, deelnemer: PARTICIPANT })),
  // A user of the embedded provider, so its own account's calls (the account menu) get past their handler's check.
  'user without rights': bearer(
    await tokenFor(t, { roles: [], deelnemer: 'Aannemer_Alfa', sub: await userId('geen@knooppunt.example') }),
  ),
  "participant's system": bearer(
    await tokenFor(t, { deelnemer: PARTICIPANT, clientId: demoSystemClientId(PARTICIPANT) }),
  ),
};

/** Values the database holds (ids, names, versions): generated requests reach existing rows too. */
async function knownValues() {
  const columns = await queryRows<{ table: string; column: string; type: string }>(
    t.app.db,
    sql`select table_name as "table", column_name as "column", data_type as "type" from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'uuid', 'character varying')`,
  );
  const ids = new Set<string>();
  const strings = new Set<string>();
  for (const { table, column, type } of columns) {
    const rows = await queryRows<{ value: string }>(
      t.app.db,
      sql.raw(
        `select distinct "${column}"::text as value from "${table}" where length("${column}"::text) between 1 and 80 limit 8`,
      ),
    );
    for (const { value } of rows) (type === 'uuid' ? ids : strings).add(value);
  }
  return { ids: [...ids], strings: [...strings] };
}

const values = new ValueGenerator(document, await knownValues());
// A wrong password or code is counted on a 400 (decision 0016): the throttle's write is the answer's.
const database = await fingerprinter(t.app.db, ['login_throttle']);
let baseline = await database.take();
const sent = new Map<string, Map<string, number>>();

/** Sends one request and checks its answer and what it left in the database. */
async function send(operationId: string, caller: string, request: FuzzRequest) {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...CALLERS[caller] },
    ...(request.payload !== undefined && { payload: request.payload }),
  });
  const counts = sent.get(operationId) ?? new Map<string, number>();
  counts.set(String(response.statusCode), (counts.get(String(response.statusCode)) ?? 0) + 1);
  sent.set(operationId, counts);
  if (response.statusCode >= 500) {
    throw new Error(`answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  const after = await database.take();
  const changed = changedTables(baseline, after);
  baseline = after;
  if (response.statusCode >= 400 && changed.length > 0) {
    throw new Error(
      `answered ${response.statusCode} but changed ${changed.join(', ')}: ${response.body.slice(0, 300)}`,
    );
  }
}

/** A long text shortened, so a failing request prints readably. */
const shorten = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 60)}… (${v.length} characters)` : v,
  );

const seedFor = (operationId: string, caller: string) =>
  createHash('sha256').update(`${SEED}:${operationId}:${caller}`).digest().readInt32BE(0);

describe.each(operations)('$method $path', (operation) => {
  it.each(Object.keys(CALLERS))('answers no 5xx and leaves no write behind a 4xx, called by: %s', async (caller) => {
    for (const example of operation.body?.examples ?? []) {
      await send(operation.operationId, caller, {
        method: operation.method,
        url: operation.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(example),
      });
    }
    const seed = seedFor(operation.operationId, caller);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operation, values), (request) => send(operation.operationId, caller, request)),
      {
        seed,
        numRuns: RUNS,
        endOnFailure: true,
        reporter: (details) => {
          if (!details.failed) return;
          throw new Error(
            [
              `${operation.method} ${operation.path} as ${caller}: ${String(details.errorInstance)}`,
              `request: ${shorten(details.counterexample?.[0])}`,
              `FUZZ_SEED=${SEED} (seed ${details.seed} of this operation and caller, path ${details.counterexamplePath})`,
            ].join('\n'),
          );
        },
      },
    );
  });
});

describe('the fuzz run', () => {
  it('called with a caller that holds every right', () => {
    expect(Object.values(permissionsFor(beheerRoles)).every(Boolean)).toBe(true);
  });

  it('sent every operation its requests, and got past the guard on each', () => {
    const summary = operations.map(({ method, path, operationId }) => {
      const counts = sent.get(operationId) ?? new Map<string, number>();
      return `${method} ${path}: ${[...counts].map(([status, n]) => `${status}×${n}`).join(' ')}`;
    });
    const total = [...sent.values()].flatMap((counts) => [...counts.values()]).reduce((a, b) => a + b, 0);
    // eslint-disable-next-line no-console -- what was sent, and the answers, belong in the test output
    console.info(`fuzz: ${total} requests, FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}\n${summary.join('\n')}`);
    expect(operations.length).toBeGreaterThan(40);
    for (const { operationId } of operations) {
      const counts = sent.get(operationId) ?? new Map<string, number>();
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      expect(total, operationId).toBeGreaterThanOrEqual(RUNS * Object.keys(CALLERS).length);
      const pastGuard = [...counts].filter(([status]) => status !== '401' && status !== '403');
      expect(pastGuard, `${operationId} never got past the guard`).not.toEqual([]);
    }
  });
});
