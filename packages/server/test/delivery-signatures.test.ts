import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { messages, webhookSecrets } from '../src/db/schema';
import { WEBHOOK_SECRETS_REFRESH_MS, type WebhookHeaders } from '../src/delivery/webhook-signatures';
import { createSecretCipher } from '../src/secrets/cipher';
import { webhookSecretContext } from '../src/secrets/context';
import {
  bodyOf,
  eventually,
  pause,
  seedReceiver,
  submit,
  useDeliveryResources,
  type Receiver,
} from './support/delivery';
import type { ReceivedRequest } from './support/local-server';
import { issueWebhookSecret } from './support/webhook-secrets';

/*
 * Signed deliveries (issue 32 item 5, decision 0061): a receiver with a signing secret gets
 * Standard Webhooks headers with every delivery, which the standardwebhooks package's own
 * `Webhook.verify` accepts for the exact body and refuses for any other; after a new secret both
 * sign for the grace period, after it only the new one.
 */

const { fixture, receiver: startReceiver } = useDeliveryResources();

/** The three headers of a callback as the receiver's framework hands them over. */
function signatureHeaders(request: ReceivedRequest): WebhookHeaders {
  const header = (name: string) => {
    const value = request.headers[name];
    expect(typeof value, name).toBe('string');
    return value as string;
  };
  return {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  };
}

/** Submits a message to the receiver and answers the callback that delivered it. */
async function delivered(f: Awaited<ReturnType<typeof fixture>>, at: Receiver, opdrachtId: string) {
  const id = await submit(f.db, { receiver: 'Netbeheer_Noord', opdrachtId, data: { omschrijving: 'Graaf één sleuf' } });
  f.wakeup.signal();
  let request: ReceivedRequest | undefined;
  await eventually(() => {
    request = at.callbacks.find((callback) => bodyOf(callback).id === id);
    expect(request).toBeDefined();
  });
  return { id, request: request! };
}

/** Lets every worker read the signing secrets again (WEBHOOK_SECRETS_REFRESH_MS). */
const secretsReadAgain = () => pause(WEBHOOK_SECRETS_REFRESH_MS + 100);

describe('signed deliveries', () => {
  it('carry no webhook-* headers to a receiver without a signing secret', async () => {
    const f = await fixture();
    const at = await startReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Netbeheer_Noord', origin: at.origin });
    f.startWorker({ pollIntervalMs: 50 });

    const { request } = await delivered(f, at, 'ONGETEKEND-1');
    expect(Object.keys(request.headers).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    expect(request.headers.authorization).toBe(`Bearer ${at.validToken}`);
  });

  it("verify with the package's Webhook.verify for the exact body, and not for a changed body, id or timestamp", async () => {
    const f = await fixture();
    const at = await startReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Netbeheer_Noord', origin: at.origin });
    const secret = await issueWebhookSecret(f.db, f.cipher, 'Netbeheer_Noord');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    f.startWorker({ pollIntervalMs: 50 });

    const { id, request } = await delivered(f, at, 'GETEKEND-1');
    const headers = signatureHeaders(request);
    expect(headers['webhook-id']).toBe(id);
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The bearer token stays beside the signature.
    expect(request.headers.authorization).toBe(`Bearer ${at.validToken}`);

    const webhook = new Webhook(secret);
    expect(webhook.verify(request.body, headers)).toMatchObject({ id, data: { omschrijving: 'Graaf één sleuf' } });
    const tampered = request.body.replace('Graaf', 'Graag');
    expect(tampered).not.toBe(request.body);
    expect(() => webhook.verify(tampered, headers)).toThrow(WebhookVerificationError);
    expect(() => webhook.verify(request.body, { ...headers, 'webhook-id': crypto.randomUUID() })).toThrow(
      WebhookVerificationError,
    );
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(() => webhook.verify(request.body, { ...headers, 'webhook-timestamp': later })).toThrow(
      WebhookVerificationError,
    );
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(request.body, headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it('after a new secret carry signatures of both for the grace period, then of the new one only', async () => {
    const f = await fixture();
    const at = await startReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Netbeheer_Noord', origin: at.origin });
    const first = await issueWebhookSecret(f.db, f.cipher, 'Netbeheer_Noord');
    f.startWorker({ pollIntervalMs: 50 });
    const before = signatureHeaders((await delivered(f, at, 'ROTATIE-1')).request);
    expect(before['webhook-signature'].split(' ')).toHaveLength(1);

    const second = await issueWebhookSecret(f.db, f.cipher, 'Netbeheer_Noord');
    await secretsReadAgain();
    const during = await delivered(f, at, 'ROTATIE-2');
    const duringHeaders = signatureHeaders(during.request);
    expect(duringHeaders['webhook-signature'].split(' ')).toHaveLength(2);
    // A receiver that still has the old secret, and one that has the new one, both accept it.
    expect(new Webhook(first).verify(during.request.body, duringHeaders)).toMatchObject({ id: during.id });
    expect(new Webhook(second).verify(during.request.body, duringHeaders)).toMatchObject({ id: during.id });

    // The grace period ends.
    await f.db
      .update(webhookSecrets)
      .set({ previousValidUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookSecrets.deelnemer, 'Netbeheer_Noord'));
    await secretsReadAgain();
    const after = await delivered(f, at, 'ROTATIE-3');
    const afterHeaders = signatureHeaders(after.request);
    expect(afterHeaders['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(second).verify(after.request.body, afterHeaders)).toMatchObject({ id: after.id });
    expect(() => new Webhook(first).verify(after.request.body, afterHeaders)).toThrow(WebhookVerificationError);
  });

  it('holds a message back as a platform fault, sending nothing, when the secret cannot be decrypted', async () => {
    const f = await fixture();
    const at = await startReceiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Netbeheer_Noord', origin: at.origin });
    const otherKey = createSecretCipher(randomBytes(32));
    await f.db.insert(webhookSecrets).values({
      deelnemer: 'Netbeheer_Noord',
      versienummer: '2.0',
      secretEncrypted: otherKey.encrypt('whsec_AAAA', webhookSecretContext('Netbeheer_Noord', '2.0')),
    });
    const faults: string[] = [];
    f.startWorker({ pollIntervalMs: 50, onPlatformFault: (fault) => void faults.push(fault.detail) });
    const id = await submit(f.db, { receiver: 'Netbeheer_Noord', opdrachtId: 'ONLEESBAAR-1' });
    f.wakeup.signal();

    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.err?.msg).toContain('Het ondertekeningsgeheim van de ontvanger kan niet worden ontsleuteld');
    });
    expect(faults.join()).toContain('ondertekeningsgeheim');
    expect(at.callbacks).toEqual([]);
  });
});
