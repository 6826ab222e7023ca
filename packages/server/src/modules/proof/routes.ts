import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  apiErrorSchema,
  berichtStatusSchema,
  MESSAGE_TEXTS,
  OPDRACHT_TEXTS,
  opdrachtHistorySchema,
  opdrachtIdParamsSchema,
  type Omgeving,
  type OpdrachtHistory,
} from '@knooppunt/domain';
import type { DeadlineRules } from '../../termijnen/deadlines';
import { currentUser } from '../../auth/guard';
import { monitoringScope } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { buildDossier } from '../../receipts/dossier';
import { dossierPdf } from '../../receipts/dossier-pdf';
import { publishedReceiptKeys } from '../../receipts/keys';
import { opdrachtHistory, type HistoryViewer } from '../opdrachten/history';
import { messageStatus } from './message-status';

/** Where Knooppunt publishes the public keys of its receipts and evidence files (decision 0060). */
export const RECEIPT_KEYS_PATH = '/api/v1/sleutels';

const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/**
 * What a participant's system may ask after sending (issue 32 item 3): where a message stands and
 * its receipt; and, for anyone, the keys its receipts verify with. One database per environment:
 * a test client asks the test environment's (decision 0038).
 */
const dossierQuerySchema = z.object({
  formaat: z.enum(['json', 'pdf']).default('json').meta({ description: '`json` (the evidence, default) or `pdf`.' }),
});

/** The file as it is downloaded (not serialized here: the handler sends it whole). */
const dossierFileResponse = z.string().meta({
  description: 'The evidence file: JSON (`application/json`) or, with `formaat=pdf`, a PDF (`application/pdf`).',
});

const DOSSIER_DESCRIPTION = [
  'The evidence file of an order (docs/decisions/0062): its messages with the exact bodies delivered, their SHA-256, the signed delivery receipts and the status each brought, the leveringen and the manual actions — signed as a whole with Knooppunt’s receipt key (a compact JWS with detached payload over the RFC 8785 canonical JSON of `bewijsdossier`), with the public keys used. `npm run knooppunt -- verify <file>` checks it offline. `formaat=pdf` answers a readable PDF of the same; the JSON is the evidence.',
];

export const proofRoutes: FastifyPluginAsyncZod<{
  dbs: Record<Omgeving, Database>;
  publicUrl: string;
  deadlines: DeadlineRules;
}> = async (app, { dbs, publicUrl, deadlines }) => {
  const keysUrl = new URL(RECEIPT_KEYS_PATH, `${publicUrl}/`).toString();

  /** The evidence file of a history, as JSON or PDF, as a download. */
  const sendDossier = async (
    reply: FastifyReply,
    db: Database,
    history: OpdrachtHistory,
    omgeving: Omgeving,
    formaat: 'json' | 'pdf',
  ) => {
    const file = await buildDossier(db, history, { omgeving, keysUrl });
    const name = `bewijsdossier-${history.opdrachtId}.${formaat}`;
    void reply.header(
      'content-disposition',
      `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    if (formaat === 'pdf') return reply.type('application/pdf').send(await dossierPdf(file));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(file, null, 2));
  };

  app.get(
    '/api/v1/berichten/:id',
    {
      config: { access: 'participant' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'Where a message stands, and its delivery receipt',
        description: [
          'For the systems of the parties of the message’s order (its sender, its receiver, the opdrachtgever and opdrachtnemer): `accepted` (stored, not yet offered), `waiting` (behind an earlier message of the same order to the same receiver, `waitingFor`, or the receiver’s sending process is paused), `failing` (offered and not accepted: `attempts`, `lastError`, `nextAttempt`) or `delivered` (`deliveredAt`).',
          `Once delivered over HTTP it carries the signed receipt (docs/decisions/0060): a compact JWS (ES256, \`typ\` knooppunt-receipt+jwt) of the message id, order, type, flow, sender, receiver, the SHA-256 of the exact body delivered, when Knooppunt accepted it, when the receiver answered, its HTTP status and the attempt. Verify it with the keys at \`${RECEIPT_KEYS_PATH}\`; \`claims\` is the same content, decoded for reading.`,
          '404 for an id that does not exist and, with the same text, for a message of an order the caller is no party of, so ids cannot be probed. 400: an id that is no UUID.',
        ].join('\n\n'),
        params: z.object({ id: z.uuid() }),
        response: { 200: berichtStatusSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const system = currentUser(request);
      const status = system.deelnemer
        ? await messageStatus(dbs[system.omgeving], request.params.id, system.deelnemer)
        : undefined;
      if (!status) throw new AppError(404, MESSAGE_TEXTS.notFound);
      return status;
    },
  );

  // A participant's system: the orders it is a party of (decision 0015: else as an unknown id).
  const systemHistory = async (system: ReturnType<typeof currentUser>, opdrachtId: string) => {
    const viewer: HistoryViewer = { onlyDeelnemer: system.deelnemer ?? '', seesActors: false };
    const history = await opdrachtHistory(dbs[system.omgeving], opdrachtId, viewer, system.omgeving, deadlines);
    if (!history) throw new AppError(404, OPDRACHT_TEXTS.notFound);
    return history;
  };

  app.get(
    '/api/v1/opdrachten/:opdrachtId',
    {
      config: { access: 'participant' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'An order’s status and history',
        description: [
          'For the systems of the order’s parties (opdrachtgever, opdrachtnemer, and a sender or receiver of one of its messages): the order as it is now and its history as the portal shows it — every message in the order Knooppunt accepted it, with its delivery state, the status it brought and its data; the leveringen (Hoofdnet); the manual actions (cancel, resends) with the organisation that did them.',
          `404 '${OPDRACHT_TEXTS.notFound}' for an order that does not exist and, alike, for one the caller is no party of. 400: an opdrachtId that is empty, too long or holds a character that cannot be stored.`,
        ].join('\n\n'),
        params: opdrachtIdParamsSchema,
        response: { 200: opdrachtHistorySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => systemHistory(currentUser(request), request.params.opdrachtId),
  );

  app.get(
    '/api/v1/opdrachten/:opdrachtId/bewijsdossier',
    {
      config: { access: 'participant' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'The evidence file of an order',
        description: [
          ...DOSSIER_DESCRIPTION,
          `For the systems of the order’s parties; anyone else gets the 404 of an unknown order ('${OPDRACHT_TEXTS.notFound}').`,
        ].join('\n\n'),
        params: opdrachtIdParamsSchema,
        querystring: dossierQuerySchema,
        response: { 200: dossierFileResponse, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const system = currentUser(request);
      const history = await systemHistory(system, request.params.opdrachtId);
      return sendDossier(reply, dbs[system.omgeving], history, system.omgeving, request.query.formaat);
    },
  );

  app.get(
    '/rest/opdrachten/:opdrachtId/bewijsdossier',
    {
      config: { access: 'canViewMonitoring' },
      schema: {
        tags: ['Opdrachten'],
        summary: 'The evidence file of an order (portal)',
        description: [
          ...DOSSIER_DESCRIPTION,
          `With the right of the Opdrachten lists (\`canViewMonitoring\`), with their tenancy: without the super role only an order in which the caller’s own deelnemer is opdrachtgever or opdrachtnemer; another’s is answered as an unknown one, 404 '${OPDRACHT_TEXTS.notFound}'.`,
        ].join('\n\n'),
        params: opdrachtIdParamsSchema,
        querystring: dossierQuerySchema,
        response: { 200: dossierFileResponse, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const history = await opdrachtHistory(dbs.productie, request.params.opdrachtId, {
        onlyDeelnemer: await monitoringScope(dbs.productie, user),
        seesActors: user.permissions.canViewAuditLog,
      });
      if (!history) throw new AppError(404, OPDRACHT_TEXTS.notFound);
      return sendDossier(reply, dbs.productie, history, 'productie', request.query.formaat);
    },
  );

  app.get(
    RECEIPT_KEYS_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['Deelnemers-API'],
        summary: 'The public keys of Knooppunt’s receipts and evidence files',
        description:
          'A JWKS (RFC 7517) of every key Knooppunt signs delivery receipts and evidence files with: the current one and the retired ones, kept so that what they signed still verifies. These are not the login keys. Match a signature’s `kid`.',
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      // Keys change only by rotation; a verifier may keep them for a while.
      void reply.header('cache-control', 'public, max-age=300');
      return publishedReceiptKeys(dbs.productie);
    },
  );
};
