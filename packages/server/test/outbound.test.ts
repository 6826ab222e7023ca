import { afterEach, describe, expect, it } from 'vitest';
import { createOutbound, MAX_RESPONSE_BYTES, type Outbound } from '../src/outbound/client';
import { OutboundError } from '../src/outbound/errors';
import { closedPort, reply, startLocalServer, type LocalServer } from './support/local-server';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((close) => close()));
});

async function server(...args: Parameters<typeof startLocalServer>): Promise<LocalServer> {
  const started = await startLocalServer(...args);
  cleanup.push(started.close);
  return started;
}

function outbound(options: Partial<Parameters<typeof createOutbound>[0]> = {}): Outbound {
  const created = createOutbound({ allowPrivateTargets: true, timeoutMs: 2000, ...options });
  cleanup.push(created.close);
  return created;
}

async function failure(call: Promise<unknown>): Promise<OutboundError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

const post = { body: '{}', mtls: false };

describe('outbound', () => {
  it('posts and returns status, reason phrase, headers and body', async () => {
    const target = await server((request, response) => reply(response, 201, { echo: request.body }));
    const answer = await outbound().post(`${target.origin}/in`, {
      ...post,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toMatchObject({ status: 201, statusText: 'Created', truncated: false });
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.text)).toEqual({ echo: '{}' });
  });

  describe('refuses internal targets before connecting when private targets are not allowed', () => {
    it.each([
      ['an IP literal', (port: number) => `https://127.0.0.1:${port}/token`],
      ['a host name that resolves to loopback', (port: number) => `https://localhost:${port}/token`],
    ])('%s', async (_name, url) => {
      const target = await server((_request, response) => reply(response, 200, {}));
      const error = await failure(outbound({ allowPrivateTargets: false }).post(url(target.port), post));
      expect(error.code).toBe('refused_target');
      expect(error.message).toBe('Adres niet toegestaan: het wijst naar een intern, lokaal of privé-netwerkadres');
      expect(target.connections).toBe(0);
    });

    it.each([
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://0.0.0.0/',
      'https://2130706433/',
    ])('%s', async (url) => {
      expect((await failure(outbound({ allowPrivateTargets: false }).post(url, post))).code).toBe('refused_target');
    });

    it('plain http', async () => {
      const target = await server((_request, response) => reply(response, 200, {}));
      const error = await failure(outbound({ allowPrivateTargets: false }).post(`${target.origin}/`, post));
      expect(error).toMatchObject({
        code: 'refused_target',
        message: 'Adres niet toegestaan: alleen https-adressen zijn toegestaan',
      });
      expect(target.connections).toBe(0);
    });
  });

  it('refuses what is not an http(s) URL', async () => {
    for (const url of ['not a url', 'ftp://example.org/', 'file:///etc/passwd']) {
      expect((await failure(outbound().post(url, post))).code).toBe('invalid_url');
    }
  });

  it('does not follow redirects', async () => {
    const elsewhere = await server((_request, response) => reply(response, 200, {}));
    const target = await server((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.origin}/` });
      response.end();
    });
    const answer = await outbound().post(`${target.origin}/`, post);
    expect(answer.status).toBe(302);
    expect(elsewhere.connections).toBe(0);
  });

  it('reads at most MAX_RESPONSE_BYTES of a body', async () => {
    const target = await server((_request, response) => reply(response, 200, 'x'.repeat(MAX_RESPONSE_BYTES * 4)));
    const answer = await outbound().post(`${target.origin}/`, post);
    expect(answer.text).toHaveLength(MAX_RESPONSE_BYTES);
    expect(answer.truncated).toBe(true);
  });

  it('reads a body of a declared length whole, and at most MAX_RESPONSE_BYTES of a longer declared one', async () => {
    const declared = (size: number) =>
      server((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(size) });
        response.end('y'.repeat(size));
      });
    const whole = await outbound().post(`${(await declared(MAX_RESPONSE_BYTES)).origin}/`, post);
    expect(whole).toMatchObject({ text: 'y'.repeat(MAX_RESPONSE_BYTES), truncated: false });
    const longer = await outbound().post(`${(await declared(MAX_RESPONSE_BYTES + 1)).origin}/`, post);
    expect(longer.text).toHaveLength(MAX_RESPONSE_BYTES);
    expect(longer.truncated).toBe(true);
  });

  it.each([
    ['a declared length', { 'content-length': '100' }],
    ['chunks', {}],
  ])('gives up after the timeout when a body of %s stops coming', async (_kind, headers) => {
    const target = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', ...headers });
      response.write('begin');
    });
    const started = Date.now();
    const error = await failure(outbound({ timeoutMs: 300 }).post(`${target.origin}/`, post));
    expect(error).toMatchObject({ code: 'timeout', message: 'Geen reactie binnen 0,3 seconden' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up after the timeout when the server never answers', async () => {
    const target = await server(() => {});
    const started = Date.now();
    const error = await failure(outbound({ timeoutMs: 300 }).post(`${target.origin}/`, post));
    expect(error).toMatchObject({ code: 'timeout', message: 'Geen reactie binnen 0,3 seconden' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a closed port as unreachable', async () => {
    const error = await failure(outbound().post(`http://127.0.0.1:${await closedPort()}/`, post));
    expect(error).toMatchObject({ code: 'unreachable', message: 'Adres niet bereikbaar', reason: 'ECONNREFUSED' });
  });

  it('refuses an mTLS call when no client certificate is configured', async () => {
    const target = await server((_request, response) => reply(response, 200, {}));
    const error = await failure(outbound().post(`${target.origin}/`, { ...post, mtls: true }));
    expect(error.code).toBe('no_client_certificate');
    expect(target.connections).toBe(0);
  });
});
