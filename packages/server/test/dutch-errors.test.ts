import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GROUPS, SUPER_ROLE } from '@knooppunt/domain';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { operationsOf, type OpenApiDocument } from './support/openapi-fuzz';

/**
 * Every 4xx the API answers is Dutch (issue 21 item 11): zod writes its own messages with its Dutch
 * locale (the domain's locale.ts), Fastify's own client errors have Dutch texts (error-handler.ts),
 * and a validation message names the field it is about.
 */
const ENGLISH =
  /Invalid|expected|received|Required|Unrecognized|must (be|have|match)|Too (big|small)|Bad Request|Unsupported Media|Too Large|cannot be empty|Unexpected token/;

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const roles = [SUPER_ROLE, ...(ROLE_GROUPS.find((g) => g.organisationType === 'Beheerder')?.optionalRoles ?? [])];
  admin = bearer(await tokenFor(t, { roles, deelnemer: 'Knooppunt_Beheer' }));
});
afterAll(() => t.close());

async function refusal(request: InjectOptions) {
  const response = await t.app.inject({ ...request, headers: { ...admin, ...request.headers } });
  return { status: response.statusCode, body: response.json<{ message: string; details?: { field: string }[] }>() };
}

describe('the examples of the issue', () => {
  it('POST /rest/roles/search without a body: 400 in Dutch, naming the body', async () => {
    const { status, body } = await refusal({ method: 'POST', url: '/rest/roles/search' });
    expect(status).toBe(400);
    expect(body).toEqual({
      message: 'body: Ongeldige invoer: verwacht object, ontving null',
      details: [{ field: 'body', message: 'Ongeldige invoer: verwacht object, ontving null' }],
    });
  });

  it('a scenario copied without werkzaamheden: 400 in Dutch, naming werkzaamheden', async () => {
    const { status, body } = await refusal({
      method: 'POST',
      url: '/rest/rules/00000000-0000-4000-8000-000000000000',
      payload: { omschrijving: 'Kopie' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('werkzaamheden: Ongeldige invoer: verwacht object, ontving undefined');
    expect(body.details).toEqual([expect.objectContaining({ field: 'werkzaamheden' })]);
  });
});

describe('each kind of malformed request', () => {
  const search = (payload: string | undefined, contentType = 'application/json'): InjectOptions => ({
    method: 'POST',
    url: '/rest/organisations/search',
    headers: { 'content-type': contentType },
    ...(payload !== undefined && { payload }),
  });

  it.each([
    ['a wrong type', search('{"limit":"veel"}'), 'limit: Ongeldige invoer: verwacht getal, ontving string'],
    ['a number out of range', search('{"limit":-1}'), 'limit: Te klein: verwacht dat number >=0 is'],
    ['a body that is no object', search('[1,2]'), 'body: Ongeldige invoer: verwacht object, ontving array'],
    ['bad JSON', search('{"limit":'), 'body: geen geldige JSON.'],
    ['an empty JSON body', search(''), 'body: mag niet leeg zijn bij content-type application/json.'],
    [
      'a content type the API does not take',
      search('<limit>5</limit>', 'application/xml'),
      'Dit content-type wordt niet ondersteund; stuur application/json.',
    ],
    ['a body too large', search(`{"x":"${'a'.repeat(1024 * 1024)}"}`), 'Het verzoek is te groot.'],
  ])('%s: answered in Dutch', async (_kind, request, message) => {
    const { status, body } = await refusal(request);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.message).toBe(message);
  });
});

describe('every operation of the API, sent garbage', () => {
  it('answers no 4xx with an English message, and names the field of every validation detail', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
    const operations = operationsOf(document);
    const garbage = ['[]', '"tekst"', 'null', '{"onbekend":{"diep":[null,1]}}', '{"limit":"x","skip":{}}'];
    const english: string[] = [];
    let refused = 0;
    for (const operation of operations) {
      const url = operation.path.replaceAll(/\{[^}]+\}/g, 'onzin');
      const query = operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => `${parameter.name}=%5B%5D`)
        .join('&');
      const requests: InjectOptions[] = operation.body
        ? garbage.map((payload) => ({
            method: operation.method as 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          }))
        : [{ method: operation.method as 'GET', url: query ? `${url}?${query}` : url }];
      for (const request of requests) {
        const response = await t.app.inject({ ...request, headers: { ...admin, ...request.headers } });
        if (response.statusCode < 400 || response.statusCode >= 500) continue;
        refused++;
        const body = response.json<{ message?: string; details?: { field: string; message: string }[] }>();
        const said = `${operation.method} ${operation.path} ${String(request.payload ?? '')} → ${response.statusCode} ${body.message}`;
        if (ENGLISH.test(response.body)) english.push(said);
        for (const detail of body.details ?? []) expect(detail.field, said).not.toBe('');
      }
    }
    expect(english).toEqual([]);
    // It did reach the validation: most of these requests were refused.
    expect(operations.length).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(100);
  });
});
