import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createListeningTestApp, createTestApp, type TestApp } from './helpers';

const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

async function portalDist(): Promise<string> {
  const webDist = await mkdtemp(path.join(tmpdir(), 'knooppunt-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Knooppunt beheer</title>');
  return webDist;
}

describe('security headers (decision 0018)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: await portalDist() });
  });
  afterAll(() => t.close());

  it.each(['/', '/index.html', '/callback', '/organisaties', '/rest/bestaat-niet', '/health', '/docs'])(
    '%s: a CSP without inline scripts or eval, no framing, no sniffing, no referrer',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBeLessThan(500);
      const csp = directives(response.headers['content-security-policy'] as string | undefined);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      // Plain http (as here): no HSTS, which a browser would otherwise pin for a year.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('the portal page itself is served under that policy', async () => {
    const response = await t.app.inject('/callback?code=x&state=y');
    expect(response.body).toContain('<title>Knooppunt beheer</title>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('the login page keeps its own stricter policy: no scripts at all', async () => {
    const response = await t.app.inject('/oidc/interaction/unknown');
    expect(response.headers['content-type']).toContain('text/html');
    const csp = directives(response.headers['content-security-policy'] as string | undefined);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('security headers behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://knooppunt.example', DEMO: '0' });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades insecure requests when the public URL is https', async () => {
    const response = await t.app.inject('/health');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });
});

describe('security headers with an external provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OIDC_ISSUER: 'https://login.example/realms/knooppunt', DEMO: '0' });
  });
  afterAll(() => t.close());

  it('lets the portal call the external provider and nothing else', async () => {
    const csp = directives((await t.app.inject('/health')).headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://login.example']);
  });
});

/** GET over a real TCP connection from 127.0.0.1, with extra headers. */
function getOverLoopback(port: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/metrics without a token: direct loopback callers only', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createListeningTestApp();
    port = Number(new URL(t.config.publicUrl).port);
  });
  afterAll(() => t.close());

  it('answers a scraper connected over loopback', async () => {
    const response = await getOverLoopback(port, '/metrics');
    expect(response.status).toBe(200);
    expect(response.body).toContain('process_cpu_seconds_total');
  });

  it('refuses a request a proxy forwarded, whatever address it claims', async () => {
    const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }];
    for (const headers of forwarded) {
      const response = await getOverLoopback(port, '/metrics', headers);
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body).message).toContain('METRICS_TOKEN');
      expect(response.body).not.toContain('knooppunt_');
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const token = randomBytes(24).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it('answers only the bearer of the token, even over loopback', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${token}`]) {
      const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.body).not.toContain('knooppunt_');
    }
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE knooppunt_outbox_queue_depth gauge');
  });
});

describe('demo mode stays on this machine', () => {
  it('refuses to listen beyond loopback in demo mode unless DEMO_EXPOSE=1', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/DEMO_EXPOSE=1/);
    expect(() => loadConfig({ HOST: '192.0.2.10', DEMO: '1' })).toThrow(/loopback/);
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) expect(loadConfig({ HOST: host }).demo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_EXPOSE: '1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: '0' }).demo).toBe(false);
  });

  it('says at start-up, as a warning, that the demo accounts are active', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => lines.push(line) } });
    await t.close();
    const warning = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg.startsWith('DEMO-MODUS'));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain("wachtwoord 'demo'");
    expect(warning?.msg).toContain('DEMO=0');
  });
});
