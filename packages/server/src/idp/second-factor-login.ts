import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import QRCode from 'qrcode';
import { z } from 'zod';
import { secondFactorRequired, type SecondFactorPolicy } from '@knooppunt/domain';
import type { SecretCipher } from '../secrets/cipher';
import { isStorableText } from '../db/text';
import type { Throttle } from './throttle';
import type { IdpUser } from './users-repository';
import { looksLikeRecoveryCode, newTotpSecret, totpStep, totpUri, type SecondFactors } from './second-factor';
import { renderEnrolPage, renderRecoveryCodesPage, renderSecondFactorPage } from './second-factor-pages';
import { renderErrorPage } from './status-pages';
import type { LoginEvents } from './login-events';

/*
 * The login's second step (decision 0054). After the right password the login is not finished:
 * a user with an app gives its code (or a recovery code); a user for whom the policy requires a
 * second factor and who has none enrols one first. What the password step established travels in
 * a ticket sealed with the secret key and bound to the interaction (AES-GCM with the interaction's
 * uid as associated data), valid for a few minutes; the interaction's cookie binds it to the
 * browser. Only then is the login handed to the provider, with `amr` saying how it was made.
 */

/** How long the password step's ticket lasts. */
const TICKET_MINUTES = 10;

/** RFC 8176's methods: a password; a one-time code (the app); more than one factor. */
const AMR_PASSWORD = ['pwd'];
const AMR_APP = ['pwd', 'otp', 'mfa'];
const AMR_RECOVERY = ['pwd', 'mfa'];

const ticketSchema = z.object({
  userId: z.string(),
  email: z.string(),
  exp: z.number(),
  /** Enrolment: the new app's secret, until its first code is given. */
  secret: z.string().optional(),
  /** Enrolled and shown the recovery codes: the login ends at the next post. */
  amr: z.array(z.string()).optional(),
});
type Ticket = z.infer<typeof ticketSchema>;

const formSchema = z.object({
  ticket: z.string().max(4096),
  code: z.string().max(64).refine(isStorableText).optional(),
});

export const SECOND_FACTOR_PATHS = { code: 'tweede-stap', enrol: 'instellen', recovery: 'herstelcodes' } as const;

export interface SecondFactorLoginOptions {
  secondFactors: SecondFactors;
  cipher: SecretCipher;
  policy: SecondFactorPolicy;
  throttle: Throttle;
  events: LoginEvents;
  portalUrl: string;
  sendHtml: (reply: FastifyReply, status: number, html: string) => FastifyReply;
}

export function createSecondFactorLogin(options: SecondFactorLoginOptions) {
  const { secondFactors, cipher, policy, throttle, events, portalUrl, sendHtml } = options;
  const context = (uid: string) => `login-ticket:${uid}`;
  const seal = (uid: string, ticket: Omit<Ticket, 'exp'> & { exp?: number }) =>
    cipher.encrypt(JSON.stringify({ exp: Date.now() + TICKET_MINUTES * 60_000, ...ticket }), context(uid));
  const open = (uid: string, sealed: string): Ticket | undefined => {
    try {
      const ticket = ticketSchema.parse(JSON.parse(cipher.decrypt(sealed, context(uid))));
      return ticket.exp > Date.now() ? ticket : undefined;
    } catch {
      return undefined;
    }
  };
  const pathOf = (interactionUrl: string, step: keyof typeof SECOND_FACTOR_PATHS) =>
    `${interactionUrl}/${SECOND_FACTOR_PATHS[step]}`;

  const enrolPage = async (
    reply: FastifyReply,
    status: number,
    interactionUrl: string,
    ticket: string,
    secret: string,
    email: string,
    shown: { failed?: boolean; lockedSeconds?: number } = {},
  ) =>
    sendHtml(
      reply,
      status,
      renderEnrolPage({
        action: pathOf(interactionUrl, 'enrol'),
        ticket,
        secret,
        qrSvg: await QRCode.toString(totpUri(secret, email), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
        ...shown,
      }),
    );

  return {
    /**
     * After the right password: the login as it is (no second factor held or required), or the
     * page of the second step — the app's code, or enrolment when the policy requires one.
     */
    async afterPassword(
      reply: FastifyReply,
      interaction: { uid: string; url: string },
      user: IdpUser,
    ): Promise<InteractionResults | undefined> {
      const enrolled = await secondFactors.totpSecret(user.id);
      if (enrolled) {
        const ticket = seal(interaction.uid, { userId: user.id, email: user.email });
        sendHtml(reply, 200, renderSecondFactorPage({ action: pathOf(interaction.url, 'code'), ticket }));
        return undefined;
      }
      if (!secondFactorRequired(user.roles, policy)) return { login: { accountId: user.id, amr: AMR_PASSWORD } };
      const secret = newTotpSecret();
      const ticket = seal(interaction.uid, { userId: user.id, email: user.email, secret });
      await enrolPage(reply, 200, interaction.url, ticket, secret, user.email);
      return undefined;
    },

    /** The second step's routes under the interaction's address. */
    register(
      app: FastifyInstance,
      path: string,
      routeOptions: object,
      interactionOf: (request: FastifyRequest, reply: FastifyReply) => Promise<{ uid: string }>,
      finish: (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => Promise<unknown>,
    ) {
      const interactionUrl = (request: FastifyRequest) => request.url.slice(0, request.url.lastIndexOf('/'));
      const expired = (reply: FastifyReply) => sendHtml(reply, 400, renderErrorPage('login_required', portalUrl));

      /** The form's ticket, when it is this interaction's and still valid, with the code typed. */
      const ticketOf = async (request: FastifyRequest, reply: FastifyReply) => {
        const { uid } = await interactionOf(request, reply);
        const form = formSchema.safeParse(request.body);
        const ticket = form.success ? open(uid, form.data.ticket) : undefined;
        if (!form.success || !ticket) return { expired: true as const };
        return { uid, ticket, sealed: form.data.ticket, code: (form.data.code ?? '').trim() };
      };

      /**
       * A code checked under the login throttle (decision 0016): `check` answers what a right code
       * gives, or undefined; a lock or a wrong code is answered with `page` and its status.
       */
      async function throttled<T>(
        request: FastifyRequest,
        reply: FastifyReply,
        ticket: Ticket,
        check: () => Promise<T | undefined>,
        page: (status: number, shown: { failed?: boolean; lockedSeconds?: number }) => unknown,
      ): Promise<T | undefined> {
        const admission = await throttle.admit(`second-factor:${ticket.userId}`, request.ip);
        if ('locked' in admission) {
          events.refused('login');
          reply.header('retry-after', admission.locked.retryAfterSeconds);
          await page(429, { lockedSeconds: admission.locked.retryAfterSeconds });
          return undefined;
        }
        const result = await check();
        if (result === undefined) {
          const lock = await admission.attempt.failed();
          await events.failed('login', ticket.email, request.ip, lock);
          if (lock) reply.header('retry-after', lock.retryAfterSeconds);
          await page(lock ? 429 : 401, lock ? { lockedSeconds: lock.retryAfterSeconds } : { failed: true });
          return undefined;
        }
        await admission.attempt.succeeded();
        return result;
      }

      // A page of the second step asked for again (a reload): the login starts over.
      for (const step of Object.values(SECOND_FACTOR_PATHS)) {
        app.get(`${path}/${step}`, routeOptions, async (request, reply) =>
          reply.redirect(interactionUrl(request), 303),
        );
      }

      app.post(`${path}/${SECOND_FACTOR_PATHS.code}`, routeOptions, async (request, reply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step) return expired(reply);
        const { ticket, sealed, code } = step;
        const { userId } = ticket;
        const amr = await throttled(
          request,
          reply,
          ticket,
          async () => {
            if (looksLikeRecoveryCode(code)) {
              return (await secondFactors.useRecoveryCode(userId, code)) ? AMR_RECOVERY : undefined;
            }
            const secret = await secondFactors.totpSecret(userId);
            const taken = secret === undefined ? undefined : totpStep(secret, code);
            return taken !== undefined && (await secondFactors.takeStep(userId, taken)) ? AMR_APP : undefined;
          },
          (status, shown) =>
            sendHtml(reply, status, renderSecondFactorPage({ action: request.url, ticket: sealed, ...shown })),
        );
        return amr ? finish(request, reply, { login: { accountId: userId, amr } }) : reply;
      });

      app.post(`${path}/${SECOND_FACTOR_PATHS.enrol}`, routeOptions, async (request, reply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step || !step.ticket.secret) return expired(reply);
        const { uid, ticket, sealed, code } = step;
        const secret = step.ticket.secret;
        const codes = await throttled(
          request,
          reply,
          ticket,
          async () => {
            const taken = totpStep(secret, code);
            return taken === undefined ? undefined : secondFactors.enrol(ticket.userId, secret, taken);
          },
          (status, shown) => enrolPage(reply, status, interactionUrl(request), sealed, secret, ticket.email, shown),
        );
        if (!codes) return reply;
        const done = seal(uid, { userId: ticket.userId, email: ticket.email, amr: AMR_APP });
        return sendHtml(
          reply,
          200,
          renderRecoveryCodesPage({
            action: `${interactionUrl(request)}/${SECOND_FACTOR_PATHS.recovery}`,
            ticket: done,
            codes,
          }),
        );
      });

      app.post(`${path}/${SECOND_FACTOR_PATHS.recovery}`, routeOptions, async (request, reply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step || !step.ticket.amr) return expired(reply);
        return finish(request, reply, { login: { accountId: step.ticket.userId, amr: step.ticket.amr } });
      });
    },
  };
}
