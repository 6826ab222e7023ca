import { compileErrors, validate } from '@readme/openapi-parser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BERICHTEN, KOPPELEN_PATH, parseBericht, urlGroups, type Flow } from '@knooppunt/domain';
import { configurations } from '../src/db/schema';
import { callbackBodySchema } from '../src/modules/docs/callbacks';
import { createTestApp, type TestApp } from './helpers';
import { eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';
import { reply, startLocalServer, type ReceivedRequest } from './support/local-server';
import { issueWebhookSecret } from './support/webhook-secrets';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
}
interface Webhook {
  post: {
    parameters: ({ $ref: string } | Parameter)[];
    security: Record<string, string[]>[];
    requestBody: { content: Record<string, { schema: { required: string[] } }> };
    responses: Record<string, unknown>;
    description: string;
  };
}
interface CallbacksDocument {
  openapi: string;
  webhooks: Record<string, Webhook>;
  components: { parameters: Record<string, Parameter>; securitySchemes: Record<string, { scheme: string }> };
  externalDocs: { url: string };
}

let t: TestApp;
let document: CallbacksDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/docs/callbacks.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** Every type a participant can set a callback URL for: the URL groups of both flows' configurations. */
const RECEIVABLE = (['aansluiting', 'hoofdnet'] as Flow[]).flatMap((flow) => Object.values(urlGroups(flow)).flat());

/**
 * The headers a webhook documents, in lower case: its parameters, the body's type and the
 * security's. `required`: only those every delivery carries — not the signatures, which come
 * only to a receiver with a signing secret (decision 0061).
 */
function documentedHeaders(webhook: Webhook, { required = false } = {}): string[] {
  const parameters = webhook.post.parameters.map((parameter) =>
    '$ref' in parameter ? document.components.parameters[parameter.$ref.split('/').pop() ?? ''] : parameter,
  );
  expect(parameters.every((parameter) => parameter?.in === 'header')).toBe(true);
  return [
    'content-type',
    'authorization',
    ...parameters
      .filter((parameter) => !required || parameter?.required)
      .map((parameter) => parameter?.name.toLowerCase() ?? ''),
  ].sort();
}

describe('the callbacks as OpenAPI webhooks at /docs/callbacks.json (decision 0039)', () => {
  it('validates against the OpenAPI 3.1 specification, every reference resolving', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('has one webhook for every message type a participant receives, and no other', () => {
    expect(RECEIVABLE).toHaveLength(22);
    expect(Object.keys(document.webhooks).sort()).toEqual([...RECEIVABLE].sort());
  });

  it('names per webhook the headers, the bearer token, its fields page and the answers Knooppunt acts on', async () => {
    const berichten = (await t.app.inject({ method: 'GET', url: '/docs/berichten' })).body;
    for (const [type, webhook] of Object.entries(document.webhooks)) {
      expect(documentedHeaders(webhook, { required: true }), type).toEqual([
        'authorization',
        'content-type',
        'idempotency-key',
        'x-trace-id',
      ]);
      expect(documentedHeaders(webhook), type).toEqual([
        'authorization',
        'content-type',
        'idempotency-key',
        'webhook-id',
        'webhook-signature',
        'webhook-timestamp',
        'x-trace-id',
      ]);
      const [scheme] = Object.keys(webhook.post.security[0] ?? {});
      expect(document.components.securitySchemes[scheme ?? '']?.scheme).toBe('bearer');
      expect(Object.keys(webhook.post.responses).sort(), type).toEqual(['2XX', '401', 'default']);
      const anchor = /\/docs\/berichten#([\w-]+)/.exec(webhook.post.description)?.[1];
      expect(berichten, type).toContain(`<h3 id="${anchor}">${type}</h3>`);
    }
    expect(document.externalDocs.url).toBe(`${t.config.publicUrl}${KOPPELEN_PATH}`);
  });
});

describe('what Knooppunt sends is what the callbacks document and docs/koppelen.md say', () => {
  const { fixture } = useDeliveryResources();

  it('asks the token with client_secret_post, POSTs the documented headers (signed: with a secret) and body, and renews the token once on a 401', async () => {
    const f = await fixture();
    let validToken = 'token-1';
    let refuseFirst = true;
    const tokenRequests: ReceivedRequest[] = [];
    const callbacks: ReceivedRequest[] = [];
    const receiver = await startLocalServer((request, response) => {
      if (request.url === '/token') {
        tokenRequests.push(request);
        return reply(response, 200, { access_token: validToken, expires_in: 3600 });
      }
      callbacks.push(request);
      if (refuseFirst) {
        refuseFirst = false;
        validToken = 'token-2';
        return reply(response, 401, {});
      }
      reply(response, request.headers.authorization === `Bearer ${validToken}` ? 200 : 401, {});
    });
    try {
      await seedReceiver(f.db, f.cipher, {
        deelnemer: 'Netbeheer_Noord',
        origin: receiver.origin,
        types: ['Planning'],
      });
      await f.db
        .update(configurations)
        .set({ scope: 'berichten lezen' })
        .where(eq(configurations.deelnemer, 'Netbeheer_Noord'));
      await issueWebhookSecret(f.db, f.cipher, 'Netbeheer_Noord');
      const parsed = parseBericht(EXAMPLE_BERICHTEN.Planning);
      if (!parsed.success) throw parsed.error;
      const id = await submit(f.db, {
        receiver: 'Netbeheer_Noord',
        opdrachtId: parsed.data.opdrachtId,
        type: 'Planning',
        data: parsed.data.data,
      });
      f.startWorker({ pollIntervalMs: 50 });
      await eventually(() => expect(callbacks).toHaveLength(2));

      // The token request: the grant, and the client's id and secret in the form, not in a Basic header.
      expect(tokenRequests).toHaveLength(2);
      const [token] = tokenRequests;
      expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(token?.headers.authorization).toBeUndefined();
      expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
        grant_type: 'client_credentials',
        client_id: 'Netbeheer_Noord-client',
        client_secret: expect.any(String),
        scope: 'berichten lezen',
      });

      // The callback: exactly the documented headers, the same key, trace id and webhook-id again after the 401.
      const [refused, delivered] = callbacks;
      const transport = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
      const sent = Object.keys(delivered?.headers ?? {}).filter((name) => !transport.has(name));
      expect(sent.sort()).toEqual(documentedHeaders(document.webhooks.Planning!));
      expect(delivered?.method).toBe('POST');
      expect(delivered?.url).toBe('/callback/Planning');
      expect(delivered?.headers['content-type']).toBe('application/json');
      expect(delivered?.headers.authorization).toBe('Bearer token-2');
      expect(delivered?.headers['idempotency-key']).toBe(id);
      expect(refused?.headers['idempotency-key']).toBe(id);
      expect(refused?.headers['x-trace-id']).toBe(delivered?.headers['x-trace-id']);
      expect(refused?.headers['webhook-id']).toBe(id);
      expect(delivered?.headers['webhook-id']).toBe(id);

      const body = JSON.parse(delivered?.body ?? '') as Record<string, unknown>;
      expect(callbackBodySchema('Planning').strict().safeParse(body).success).toBe(true);
      expect(body.id).toBe(id);
      const documented = document.webhooks.Planning!.post.requestBody.content['application/json']!.schema;
      expect(Object.keys(body).sort()).toEqual([...documented.required].sort());
    } finally {
      await receiver.close();
    }
  });
});
