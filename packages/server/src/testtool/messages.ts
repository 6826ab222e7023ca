import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ALL_CONFIG_VERSIENUMMERS } from '@knooppunt/domain';
import {
  EXAMPLE_BERICHTEN,
  SIMULATOR,
  TESTTOOL_TEXTS,
  flowOf,
  messageTypesOf,
  versienummerOf,
  type CheckAnswer,
  type MessageType,
  type ProbeAnswer,
} from '@knooppunt/domain';
import type { AuditService } from '../audit/service';
import type { AuthUser } from '../auth/verifier';
import type { Database } from '../db/client';
import { AppError, NotFoundError, ValidationError } from '../errors';
import { fetchToken } from '../modules/connection-check/check';
import type { ConfigsService } from '../modules/configs/service';
import type { Accepted } from '../modules/inbound/accept';
import type { InboundService } from '../modules/inbound/service';
import { newestActiveVersion } from '../modules/senders/repository';
import type { Outbound } from '../outbound/client';
import { OutboundError } from '../outbound/errors';
import { bodyExcerpt, redact } from '../outbound/response-details';
import type { ImplementationPartners } from './implementation-partners';
import { testtoolActing } from './service';

export type TesttoolMessages = ReturnType<typeof createTesttoolMessages>;

const MASK = '••••';

/** A participant's test system as /api/v1/berichten sees a test client of it. */
function testSystemOf(user: AuthUser, deelnemer: string): AuthUser {
  if (!deelnemer) throw new AppError(403, TESTTOOL_TEXTS.noParticipant);
  return { ...user, deelnemer, sub: `testtool:${user.sub}`, roles: [], system: true, omgeving: 'test' };
}

const isMessageType = (type: string): type is MessageType => Object.hasOwn(EXAMPLE_BERICHTEN, type);

/**
 * The Testtool's single messages (issue 28 item 3, decision 0040): 'Controleren' judges a message
 * exactly as /api/v1/berichten would for the user's organisation's test system and stores nothing;
 * 'Versturen' sends it into the test environment as that system; 'Proefbericht' lets the simulator
 * POST one example message to the organisation's own test callback and answers the exchange.
 */
export function createTesttoolMessages({
  testDb,
  inbound,
  testConfigs,
  outbound,
  audit,
  db,
  partners,
}: {
  db: Database;
  partners: Pick<ImplementationPartners, 'actsFor'>;
  testDb: Database;
  inbound: Pick<InboundService, 'check' | 'submit'>;
  testConfigs: Pick<ConfigsService, 'getWithSecret'>;
  outbound: Pick<Outbound, 'post' | 'hasClientCertificate'>;
  audit: AuditService;
}) {
  const acting = testtoolActing(partners);
  return {
    async check(user: AuthUser, bericht: unknown, deelnemer?: string): Promise<CheckAnswer> {
      const target = (await acting.actor(user, deelnemer)).deelnemer;
      try {
        await inbound.check(testSystemOf(user, target), bericht);
        return { geldig: true, status: 202, message: TESTTOOL_TEXTS.valid, details: [] };
      } catch (error) {
        if (!(error instanceof AppError) || error.message === TESTTOOL_TEXTS.noParticipant) {
          throw error;
        }
        return { geldig: false, status: error.statusCode, message: error.message, details: error.details ?? [] };
      }
    },

    async send(user: AuthUser, bericht: unknown, idempotencyKey: string | undefined, deelnemer?: string) {
      const { deelnemer: target, actor } = await acting.actor(user, deelnemer);
      const accepted: Accepted = await inbound.submit(testSystemOf(user, target), bericht, idempotencyKey);
      if (!accepted.duplicate) {
        await audit.record(db, actor, {
          action: 'testtool.send',
          subjectType: 'bericht (test)',
          subjectId: accepted.id,
          after: {
            type: (bericht as { type?: unknown }).type,
            opdrachtId: (bericht as { opdrachtId?: unknown }).opdrachtId,
          },
        });
      }
      return accepted;
    },

    async probe(user: AuthUser, type: string, actedFor?: string): Promise<ProbeAnswer> {
      if (!isMessageType(type)) throw new ValidationError('type', TESTTOOL_TEXTS.unknownType(type));
      const { deelnemer } = await acting.actor(user, actedFor);
      if (!deelnemer) throw new AppError(403, TESTTOOL_TEXTS.noParticipant);
      const versienummer = versienummerOf(type) as (typeof ALL_CONFIG_VERSIENUMMERS)[number];
      const version = await newestActiveVersion(testDb, deelnemer, versienummer);
      if (version === undefined) throw new NotFoundError(TESTTOOL_TEXTS.noTestConfiguration(deelnemer, versienummer));
      // Read as the participant itself: an implementation partner acts for it (decision 0041).
      const config = await testConfigs.getWithSecret(
        { ...user, deelnemer },
        { deelnemer, versienummer, version, draft: false },
      );
      const url = config.urls[type];
      if (!url) throw new ValidationError('type', TESTTOOL_TEXTS.noCallback(type));

      const { result, accessToken } = await fetchToken(config, outbound);
      if (!accessToken) return { token: redact(result, [config.clientSecret]) };
      const owner = messageTypesOf(flowOf(versienummer))[type];
      const example = EXAMPLE_BERICHTEN[type];
      const id = randomUUID();
      const body = JSON.stringify({
        id,
        opdrachtId: `PROEF-${id.slice(0, 8).toUpperCase()}`,
        type,
        versienummer,
        sender: SIMULATOR[owner === 'opdrachtnemer' ? 'opdrachtgever' : 'opdrachtnemer'],
        data: example.data,
      });
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        'idempotency-key': id,
        'x-trace-id': randomUUID(),
      };
      const verzoek = { method: 'POST' as const, url, headers: { ...headers, authorization: `Bearer ${MASK}` }, body };
      const started = performance.now();
      try {
        const response = await outbound.post(url, { headers, body, mtls: config.useMtls });
        const ms = Math.round(performance.now() - started);
        const shown = redact({ success: true, message: '', details: [bodyExcerpt(response) ?? ''] }, [
          accessToken,
          config.clientSecret,
        ]).details[0]!;
        return { verzoek, antwoord: { status: response.status, statusText: response.statusText, body: shown, ms } };
      } catch (error) {
        if (error instanceof OutboundError) return { verzoek, fout: error.message };
        throw error;
      }
    },
  };
}
