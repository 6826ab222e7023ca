import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), 'knooppunt-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Knooppunt beheer</title>');
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

describe('platform endpoints', () => {
  it('runs on the database the environment names: a PostgreSQL server, else PGlite', () => {
    expect(t.config.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('/health checks the database', async () => {
    const response = await t.app.inject('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', mail: { status: 'off', waiting: 0 } });
  });

  it('/metrics answers Prometheus text with request durations', async () => {
    await t.app.inject('/health');
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('process_cpu_seconds_total');
  });

  it('/docs serves Swagger UI and an OpenAPI document with every guarded route and its schemas', async () => {
    expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
    const document = (await t.app.inject('/docs/json')).json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of t.app.guardedRoutes) {
      const openapiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openapiPath]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const { responses } = operation;
      expect(responses['200'] ?? responses['201'] ?? responses['202'] ?? responses['204']).toBeDefined();
      // Calls without path parameters take their input in the body.
      if (route.method !== 'GET' && openapiPath === route.url) expect(operation.requestBody).toBeDefined();
      const { access } = route;
      // Public on purpose (the receipt keys, decision 0060): no right to state.
      if (access === 'public') continue;
      const stated =
        access === 'participant'
          ? ['participant system']
          : access === 'authenticated'
            ? ['any valid access token']
            : (typeof access === 'object' ? access.anyOf : [access]).map((flag) => `\`${flag}\``);
      for (const text of stated) expect(operation.description, `${route.method} ${route.url}`).toContain(text);
    }
  });

  it('/portal-config.json tells the portal where to log in', async () => {
    const response = await t.app.inject('/portal-config.json');
    expect(response.json()).toEqual({
      authority: t.config.oidc.issuer,
      clientId: 'knooppunt-portal',
      scope: 'openid profile email offline_access',
      claims: { deelnemer: 'deelnemer', roles: 'roles', email: 'email' },
      passwordChange: true,
    });
  });

  it('answers unknown /rest paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/bestaat-niet' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Geen route voor GET /rest/bestaat-niet' });
  });

  it('serves the portal for page paths (history fallback) and its hashed assets as immutable', async () => {
    const page = await t.app.inject('/organisaties?skip=10');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Knooppunt beheer</title>');
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});
