import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

interface Operation {
  operationId?: string;
  description?: string;
  responses: Record<string, { description?: string }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** ':id' in a route is '{id}' in the document. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document at /docs/json', () => {
  it('validates against the OpenAPI 3.1 specification, every reference resolving', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(JSON.stringify(document)).toContain('#/components/schemas/RuleNode');
  });

  it('names every operation with a unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(40);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    const cancel = document.paths['/rest/management/opdracht/cancel/{opdrachtId}']?.patch;
    expect(cancel?.operationId).toBe('patchRestManagementOpdrachtCancelByOpdrachtId');
  });

  it('documents 401 and 403, and the right required, on every guarded operation', () => {
    const guarded = t.app.guardedRoutes;
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded.filter(({ access }) => access !== 'public')) {
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}), `${route.method} ${route.url}`).toEqual(
        expect.arrayContaining(['401', '403']),
      );
      expect(operation?.description).toMatch(/(^|\n\n)Requires .+\.(\n\n|$)/);
      // A dangerous action says that it needs a recent login, and how it is refused (decision 0055).
      if (route.recentLogin) expect(operation?.description).toMatch(/insufficient_user_authentication.+\.$/);
    }
  });
});
