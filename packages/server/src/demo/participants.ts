import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AANSLUITING_MESSAGE_TYPES, HOOFDNET_MESSAGE_TYPES } from '@knooppunt/domain';
import type { DemoInbox } from './inbox';

/**
 * Demo participants: the token endpoints and callback receivers of the demo's partners, served by
 * the platform itself (demo mode only) so connection checks and deliveries have someone to talk to.
 */
export const DEMO_PARTICIPANTS_PREFIX = '/demo-deelnemers';
export const DEMO_CALLBACK_SECRET = 'demo-callback-secret';
/** Answers a token without any validity, so the demo shows what a failing connection check looks like. */
export const DEMO_PARTICIPANT_WITHOUT_VALIDITY = 'Aannemer_Gamma';
export const DEMO_TOKEN_TTL_SECONDS = 3600;
/** A hanging answer never lasts longer than this, whatever the platform's timeout. */
const MAX_HANG_MS = 30_000;
/** Answers some deliveries with a 500 or not at all, so the uitval screens show failures that retries mend. */
export const DEMO_FLAKY_PARTICIPANT = 'Aannemer_Beta';

/**
 * How the flaky participant misbehaves on deliveries (not on connection checks, which post `{}`):
 * one draw of `random()` per delivery; below `failureRate` it answers 500, below
 * `failureRate + hangRate` it does not answer until the platform gives up (its outbound timeout)
 * or `hangMs` passes, whichever comes first.
 */
export interface DemoFlakiness {
  deelnemer: string;
  failureRate: number;
  hangRate: number;
  hangMs: number;
  random: () => number;
}

export const DEFAULT_DEMO_FLAKINESS: DemoFlakiness = {
  deelnemer: DEMO_FLAKY_PARTICIPANT,
  failureRate: 0.25,
  hangRate: 0.05,
  hangMs: MAX_HANG_MS,
  random: Math.random,
};

/** Anyone may ask for demo tokens (the credentials are public), so the store is bounded. */
const MAX_TOKENS = 10_000;
const MESSAGE_TYPES = new Set([...Object.keys(AANSLUITING_MESSAGE_TYPES), ...Object.keys(HOOFDNET_MESSAGE_TYPES)]);

export interface DemoParticipantEndpoints {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  callbackUrl(type: string): string;
  /** The test environment's callbacks: taken, never answered by the demo (a person answers in the Testtool). */
  testCallbackUrl(type: string): string;
}

/** Where a demo participant lives and how the platform logs in there: what the seed's configurations hold. */
export function demoParticipantEndpoints(publicUrl: string, deelnemer: string): DemoParticipantEndpoints {
  const base = `${publicUrl.replace(/\/$/, '')}${DEMO_PARTICIPANTS_PREFIX}/${encodeURIComponent(deelnemer)}`;
  return {
    tokenUrl: `${base}/token`,
    clientId: demoClientId(deelnemer),
    clientSecret: DEMO_CALLBACK_SECRET,
    callbackUrl: (type) => `${base}/callback/${encodeURIComponent(type)}`,
    testCallbackUrl: (type) => `${base}/test-callback/${encodeURIComponent(type)}`,
  };
}

function demoClientId(deelnemer: string): string {
  return `${deelnemer.toLowerCase()}-callback`;
}

export interface DemoParticipantsOptions {
  inbox: DemoInbox;
  /** Defaults to DEFAULT_DEMO_FLAKINESS; `false`: every participant answers reliably. */
  flakiness?: Partial<DemoFlakiness> | false;
}

type Params = { deelnemer: string; type?: string };
const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

/** Register with `{ prefix: DEMO_PARTICIPANTS_PREFIX, inbox }`. */
export const demoParticipants: FastifyPluginAsync<DemoParticipantsOptions> = async (app, { inbox, flakiness }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const tokens = new Map<string, { deelnemer: string; expiresAt: number }>();
  const flaky = flakiness === false ? undefined : { ...DEFAULT_DEMO_FLAKINESS, ...flakiness };
  const hanging = new Set<() => void>();
  // A hanging answer must not keep the server from closing.
  app.addHook('preClose', async () => {
    for (const release of hanging) release();
  });

  app.post('/:deelnemer/token', routeOptions, async (request, reply) => {
    const { deelnemer } = request.params as Params;
    const credentials = clientCredentials(request);
    if (credentials.grantType !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    const valid =
      credentials.clientId === demoClientId(deelnemer) && sameText(credentials.clientSecret, DEMO_CALLBACK_SECRET);
    if (!valid) return reply.code(401).send({ error: 'invalid_client' });

    const accessToken = randomBytes(32).toString('base64url');
    remember(tokens, accessToken, deelnemer);
    reply.header('cache-control', 'no-store');
    if (deelnemer === DEMO_PARTICIPANT_WITHOUT_VALIDITY) return { access_token: accessToken, token_type: 'Bearer' };
    return { access_token: accessToken, token_type: 'Bearer', expires_in: DEMO_TOKEN_TTL_SECONDS };
  });

  app.post('/:deelnemer/callback/:type', routeOptions, async (request, reply) => {
    const { deelnemer, type = '' } = request.params as Params;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? tokens.get(token) : undefined;
    if (!issued || issued.deelnemer !== deelnemer || issued.expiresAt <= Date.now()) {
      return unauthorized(reply);
    }
    if (!MESSAGE_TYPES.has(type)) return reply.code(404).send({ error: 'onbekend berichttype' });
    if (flaky && deelnemer === flaky.deelnemer && isDelivery(request.body)) {
      const draw = flaky.random();
      if (draw < flaky.failureRate) return reply.code(500).send({ error: 'tijdelijke storing' });
      if (draw < flaky.failureRate + flaky.hangRate) {
        await hang(reply, flaky.hangMs, hanging);
        return reply.code(504).send({ error: 'te laat' });
      }
    }
    inbox.record({ deelnemer, type, body: request.body, receivedAt: new Date() });
    return reply.code(202).send({ ontvangen: true });
  });

  // The test environment's deliveries (decision 0040): taken, and left to a person at the Testtool
  // screen to answer — the demo's systems answer production orders only.
  app.post('/:deelnemer/test-callback/:type', routeOptions, async (request, reply) => {
    const { deelnemer, type = '' } = request.params as Params;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? tokens.get(token) : undefined;
    if (!issued || issued.deelnemer !== deelnemer || issued.expiresAt <= Date.now()) return unauthorized(reply);
    if (!MESSAGE_TYPES.has(type)) return reply.code(404).send({ error: 'onbekend berichttype' });
    return reply.code(202).send({ ontvangen: true });
  });
};

/** The platform's deliveries carry the message id; the connection check posts `{}`. */
function isDelivery(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'string';
}

/** Waits until the caller hangs up, `ms` pass, or the server closes. */
function hang(reply: FastifyReply, ms: number, hanging: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      reply.raw.off('close', release);
      hanging.delete(release);
      resolve();
    };
    const timer = setTimeout(release, Math.min(ms, MAX_HANG_MS));
    timer.unref();
    // Before the answer is sent, 'close' means the caller hung up (e.g. the platform's timeout).
    reply.raw.once('close', release);
    hanging.add(release);
  });
}

function remember(tokens: Map<string, { deelnemer: string; expiresAt: number }>, token: string, deelnemer: string) {
  const now = Date.now();
  for (const [key, entry] of tokens) if (entry.expiresAt <= now) tokens.delete(key);
  // A Map iterates in insertion order: the first key is the oldest token.
  while (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value as string);
  tokens.set(token, { deelnemer, expiresAt: now + DEMO_TOKEN_TTL_SECONDS * 1000 });
}

/** From the body (form or JSON, client_secret_post) or from HTTP Basic (client_secret_basic). */
function clientCredentials(request: FastifyRequest): { grantType?: string; clientId?: string; clientSecret?: string } {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { grantType: text(body.grant_type), clientId: safeDecode(id), clientSecret: safeDecode(secret) };
  }
  return { grantType: text(body.grant_type), clientId: text(body.client_id), clientSecret: text(body.client_secret) };
}

/** Basic credentials are form-encoded before base64 (RFC 6749 §2.3.1). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

function sameText(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function unauthorized(reply: FastifyReply) {
  return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
}
