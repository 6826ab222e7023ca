import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MailBacklogReading } from '../../mail/metrics';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  /**
   * off: no SMTP_URL (links go to the log); ok: nothing waits or every waiting mail is new;
   * retrying: mail waits after a failed attempt (the SMTP server refused or is down).
   */
  mail: z.object({ status: z.enum(['off', 'ok', 'retrying']), waiting: z.number().int() }).optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  /** Undefined: mail is off. */
  mailBacklog: MailBacklogReading | undefined;
}> = async (app, { ping, mailBacklog }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Beheer'],
        summary: 'Liveness, database and mail check',
        description:
          "503 when the database does not answer. `mail` says whether mail is on and whether it waits for a mail server that failed ('retrying'); a mail server that is down does not make the service unhealthy, its mail is retried. The outbox is read at most every 10 s.",
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'error', database: 'error' });
      }
      if (!mailBacklog)
        return { status: 'ok' as const, database: 'ok' as const, mail: { status: 'off' as const, waiting: 0 } };
      const backlog = await mailBacklog();
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        mail: { status: backlog.failing > 0 ? ('retrying' as const) : ('ok' as const), waiting: backlog.waiting },
      };
    },
  );
};
