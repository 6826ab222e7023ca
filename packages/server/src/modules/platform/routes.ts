import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLATFORM_TEXTS, apiErrorSchema, platformMailParamsSchema, platformStateSchema } from '@knooppunt/domain';
import { z } from 'zod';
import type { AuditService } from '../../audit/service';
import { currentUser } from '../../auth/guard';
import { queryRows, type Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Mailer } from '../../mail/outbox';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Processes not seen for this long are no longer listed. */
const PROCESS_WINDOW = '15 minutes';

/**
 * The platform's own state for its operator (issue 29 item 3): on the Overzicht, for the super
 * role only. Read on request: a few small queries.
 */
export const platformRoutes: FastifyPluginAsyncZod<{
  db: Database;
  databaseKind: 'postgres' | 'pglite';
  mailer: Pick<Mailer, 'wake' | 'enabled'>;
  operatorEmails: readonly string[];
  audit: AuditService;
}> = async (app, { db, databaseKind, mailer, operatorEmails, audit }) => {
  app.get(
    '/rest/management/platform',
    {
      config: { access: 'canSeeAllParticipants' },
      schema: {
        tags: ['Beheer'],
        summary: "The platform's own state (Overzicht, super role)",
        description:
          "The database, the Knooppunt processes seen in the last 15 minutes (each writes a heartbeat every ALERT_CHECK_SECONDS), the mail outbox (waiting and retrying mails, the 10 oldest with their last error, and OPERATOR_EMAIL's addresses) and the operator's open platform alerts (docs/decisions/0045). Only for the super role ('Beheer ziet alles'; 403 otherwise).",
        response: { 200: platformStateSchema },
      },
    },
    async () => {
      const processes = await queryRows<{ name: string; role: string; started: Date; last_seen: Date }>(
        db,
        sql`select name, role, started, last_seen from process_heartbeats
            where last_seen > now() - interval '${sql.raw(PROCESS_WINDOW)}' order by name`,
      );
      const [counts] = await queryRows<{ waiting: number; retrying: number }>(
        db,
        sql`select count(*)::int as waiting, count(*) filter (where attempts > 0)::int as retrying
            from mail_outbox where sent is null and abandoned is null`,
      );
      const oldest = await queryRows<{
        id: string;
        recipient: string;
        subject: string;
        created: Date;
        attempts: number;
        next_attempt: Date;
        last_error: string | null;
      }>(
        db,
        sql`select id, recipient, subject, created, attempts, next_attempt, last_error from mail_outbox
            where sent is null and abandoned is null order by created limit 10`,
      );
      const alerts = await queryRows<{ kind: string; down_since: Date; detail: string }>(
        db,
        sql`select kind, down_since, detail from platform_alerts order by down_since`,
      );
      return {
        database: { soort: databaseKind === 'postgres' ? 'PostgreSQL' : 'PGlite', bereikbaar: true },
        processen: processes.map((row) => ({
          naam: row.name,
          rol: row.role,
          gestart: iso(row.started),
          laatstGezien: iso(row.last_seen),
        })),
        mail: {
          aan: mailer.enabled,
          wachtend: counts?.waiting ?? 0,
          opnieuw: counts?.retrying ?? 0,
          oudste: oldest.map((row) => ({
            id: row.id,
            aan: row.recipient,
            onderwerp: row.subject,
            sinds: iso(row.created),
            pogingen: row.attempts,
            volgendePoging: iso(row.next_attempt),
            laatsteFout: row.last_error,
          })),
          operatorAdressen: [...operatorEmails],
        },
        meldingen: alerts.map((row) => ({ soort: row.kind, sinds: iso(row.down_since), tekst: row.detail })),
      };
    },
  );

  app.post(
    '/rest/management/platform/mail/:id/opnieuw',
    {
      config: { access: 'canSeeAllParticipants' },
      schema: {
        tags: ['Beheer'],
        summary: 'Send a waiting mail now',
        description:
          'A mail of the outbox that was not sent yet (waiting for its next attempt, or given up) is tried again now. 404 for an unknown id, 409 for a mail already sent. Super role only. Audited. Answers 204.',
        params: platformMailParamsSchema,
        body: z.object({}).optional(),
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [row] = await queryRows<{ recipient: string; sent: Date | null }>(
          tx,
          sql`select recipient, sent from mail_outbox where id = ${id} for update`,
        );
        if (!row) throw new NotFoundError(PLATFORM_TEXTS.mailNietGevonden);
        if (row.sent) throw new ConflictError(PLATFORM_TEXTS.mailAlVerstuurd);
        await tx.execute(sql`update mail_outbox set next_attempt = now(), abandoned = null where id = ${id}`);
        await audit.record(tx, currentUser(request), {
          action: 'mail.retry',
          subjectType: 'mail',
          subjectId: row.recipient,
        });
      });
      mailer.wake();
      return reply.code(204).send(null);
    },
  );
};
