import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDemoInbox, type DemoInbox } from '../src/demo/inbox';
import {
  DEMO_CALLBACK_SECRET,
  DEMO_PARTICIPANTS_PREFIX,
  demoParticipantEndpoints,
  demoParticipants,
} from '../src/demo/participants';
import { checkConnection } from '../src/modules/connection-check/check';
import { createOutbound } from '../src/outbound/client';

let app: FastifyInstance;
let inbox: DemoInbox;

beforeEach(async () => {
  inbox = createDemoInbox();
  app = Fastify();
  await app.register(demoParticipants, { prefix: DEMO_PARTICIPANTS_PREFIX, inbox });
  await app.ready();
});
afterEach(() => app.close());

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function token(deelnemer: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/demo-deelnemers/${deelnemer}/token`,
    ...form({
      grant_type: 'client_credentials',
      client_id: `${deelnemer.toLowerCase()}-callback`,
      client_secret: DEMO_CALLBACK_SECRET,
      ...fields,
    }),
  });
}

function callback(deelnemer: string, type: string, authorization?: string) {
  return app.inject({
    method: 'POST',
    url: `/demo-deelnemers/${deelnemer}/callback/${type}`,
    headers: authorization ? { authorization } : {},
    payload: { opdrachtId: 'OPD-1' },
  });
}

describe('demo participants', () => {
  it('issue a bearer token for one hour to the right client credentials', async () => {
    const response = await token('Aannemer_Alfa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
  });

  it('accept the credentials by HTTP Basic too', async () => {
    const basic = Buffer.from(`netbeheerder_noord-callback:${DEMO_CALLBACK_SECRET}`).toString('base64');
    const response = await app.inject({
      method: 'POST',
      url: '/demo-deelnemers/Netbeheerder_Noord/token',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong secret', { client_secret: 'fout' }],
    ["another participant's client id", { client_id: 'aannemer_beta-callback' }],
  ])('refuse %s with 401 invalid_client', async (_case, fields) => {
    const response = await token('Aannemer_Alfa', fields);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_client' });
  });

  it('refuse another grant type', async () => {
    const response = await token('Aannemer_Alfa', { grant_type: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('give Aannemer_Gamma a token without any validity', async () => {
    const response = await token('Aannemer_Gamma');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer' });
  });

  it('accept a message with a token they issued and keep it for later', async () => {
    const { access_token: accessToken } = (await token('Aannemer_Alfa')).json<{ access_token: string }>();
    const heard: string[] = [];
    inbox.onMessage((message) => heard.push(message.type));

    const response = await callback('Aannemer_Alfa', 'Opdracht', `Bearer ${accessToken}`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ontvangen: true });
    expect(inbox.receivedMessages('Aannemer_Alfa')).toEqual([
      { deelnemer: 'Aannemer_Alfa', type: 'Opdracht', body: { opdrachtId: 'OPD-1' }, receivedAt: expect.any(Date) },
    ]);
    expect(heard).toEqual(['Opdracht']);
  });

  it.each([
    ['no token', undefined],
    ['a token they never issued', 'Bearer verzonnen'],
    ['a token of another participant', 'beta'],
  ])('refuse a message with %s with 401', async (_case, authorization) => {
    const betaToken = (await token('Aannemer_Beta')).json<{ access_token: string }>().access_token;
    const header = authorization === 'beta' ? `Bearer ${betaToken}` : authorization;
    const response = await callback('Aannemer_Alfa', 'Opdracht', header);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('invalid_token');
    expect(inbox.receivedMessages('Aannemer_Alfa')).toEqual([]);
  });

  it('answer 404 for a message type that does not exist', async () => {
    const { access_token: accessToken } = (await token('Aannemer_Alfa')).json<{ access_token: string }>();
    expect((await callback('Aannemer_Alfa', 'Onzin', `Bearer ${accessToken}`)).statusCode).toBe(404);
  });

  it('are what demoParticipantEndpoints points at', () => {
    const endpoints = demoParticipantEndpoints('http://localhost:8080/', 'Aannemer_Alfa');
    expect(endpoints).toMatchObject({
      tokenUrl: 'http://localhost:8080/demo-deelnemers/Aannemer_Alfa/token',
      clientId: 'aannemer_alfa-callback',
      clientSecret: DEMO_CALLBACK_SECRET,
    });
    expect(endpoints.callbackUrl('Opdracht')).toBe(
      'http://localhost:8080/demo-deelnemers/Aannemer_Alfa/callback/Opdracht',
    );
  });

  describe('under a connection check', () => {
    async function check(deelnemer: string) {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const endpoints = demoParticipantEndpoints(origin, deelnemer);
      const outbound = createOutbound({ allowPrivateTargets: true, timeoutMs: 2000 });
      try {
        return await checkConnection(
          { ...endpoints, scope: '', useMtls: false, urls: { Opdracht: endpoints.callbackUrl('Opdracht') } },
          outbound,
        );
      } finally {
        await outbound.close();
      }
    }

    it('pass it', async () => {
      const results = await check('Aannemer_Alfa');
      expect(results.tokenUrl).toMatchObject({
        success: true,
        message: 'Token succesvol opgehaald (geldig 3600 seconden)',
      });
      expect(results.Opdracht).toMatchObject({ success: true, message: 'Callback bereikbaar (202 Accepted)' });
    });

    it('fail it instructively for Aannemer_Gamma, leaving its callbacks unchecked', async () => {
      const results = await check('Aannemer_Gamma');
      expect(results.tokenUrl).toMatchObject({
        success: false,
        message: 'Geldigheid van het token onbekend (geen expires_in of exp)',
      });
      expect(Object.keys(results)).toEqual(['tokenUrl']);
    });
  });
});
