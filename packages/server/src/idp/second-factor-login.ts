import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import {
  PASSKEY_TEXTS,
  passkeyAuthenticationResponseSchema,
  passkeyRegistrationResponseSchema,
  secondFactorRequired,
  type SecondFactorPolicy,
} from '@knooppunt/domain';
import type { SecretCipher } from '../secrets/cipher';
import type { Throttle } from './throttle';
import type { IdpUser } from './users-repository';
import { looksLikeRecoveryCode, newTotpSecret, totpQrSvg, totpStep, type SecondFactors } from './second-factor';
import { renderEnrolPage, renderRecoveryCodesPage, renderSecondFactorPage } from './second-factor-pages';
import { passkeyPageHeaders, registerPasskeyLibrary } from './passkey-pages';
import { newChallenge, type Passkeys } from './passkeys';
import { renderErrorPage } from './status-pages';
import type { LoginEvents } from './login-events';
import { answerOf, formSchema, loginTickets, type Ticket } from './login-ticket';

/*
 * The login's second step (decision 0054). After the right password the login is not finished:
 * a user with an app gives its code (or a recovery code); a user for whom the policy requires a
 * second factor and who has none enrols one first. What the password step established travels in
 * a ticket (login-ticket.ts); the interaction's cookie binds it to the browser. Only then is the
 * login handed to the provider, with `amr` saying how it was made.
 */

/**
 * RFC 8176's methods: a password; a one-time code (the app); a hardware-secured key (a passkey or
 * security key: proof of possession of a key the authenticator keeps, decision 0054 'Passkeys');
 * more than one factor.
 */
const AMR_PASSWORD = ['pwd'];
const AMR_APP = ['pwd', 'otp', 'mfa'];
const AMR_PASSKEY = ['pwd', 'hwk', 'mfa'];
const AMR_RECOVERY = ['pwd', 'mfa'];

export const SECOND_FACTOR_PATHS = {
  code: 'tweede-stap',
  enrol: 'instellen',
  recovery: 'herstelcodes',
  passkey: 'passkey',
  passkeyEnrol: 'passkey-instellen',
} as const;

type Shown = { failed?: boolean; passkeyFailed?: boolean; lockedSeconds?: number };

export interface SecondFactorLoginOptions {
  secondFactors: SecondFactors;
  passkeys: Passkeys;
  cipher: SecretCipher;
  policy: SecondFactorPolicy;
  throttle: Throttle;
  events: LoginEvents;
  portalUrl: string;
  sendHtml: (reply: FastifyReply, status: number, html: string, headers?: Record<string, string>) => FastifyReply;
}

export function createSecondFactorLogin(options: SecondFactorLoginOptions) {
  const { secondFactors, passkeys, cipher, policy, throttle, events, portalUrl, sendHtml } = options;
  const passkeyHeaders = passkeyPageHeaders(passkeys.rp.origin);
  const { seal, open } = loginTickets(cipher);
  const pathOf = (interactionUrl: string, step: keyof typeof SECOND_FACTOR_PATHS) =>
    `${interactionUrl}/${SECOND_FACTOR_PATHS[step]}`;

  /** Enrolment: the app's QR code and key, and a passkey's registration for the ticket's challenge. */
  const enrolPage = async (
    reply: FastifyReply,
    status: number,
    interactionUrl: string,
    sealed: string,
    ticket: Omit<Ticket, 'exp'> & { secret: string; challenge: string },
    shown: Shown = {},
  ) => {
    const { secret, email, userId, challenge } = ticket;
    const options = await passkeys.registrationOptions({ id: userId, email }, challenge);
    return sendHtml(
      reply,
      status,
      renderEnrolPage({
        action: pathOf(interactionUrl, 'enrol'),
        ticket: sealed,
        secret,
        qrSvg: await totpQrSvg(secret, email),
        passkey: { action: pathOf(interactionUrl, 'passkeyEnrol'), ticket: sealed, ceremony: 'registration', options },
        ...shown,
      }),
      passkeyHeaders,
    );
  };

  /** The second step of an enrolled user: its passkeys (for the ticket's challenge), its app's code or a recovery code. */
  const codePage = async (
    reply: FastifyReply,
    status: number,
    interactionUrl: string,
    sealed: string,
    ticket: Omit<Ticket, 'exp'>,
    shown: Shown = {},
  ) => {
    const [secret, options] = await Promise.all([
      secondFactors.totpSecret(ticket.userId),
      ticket.challenge === undefined ? undefined : passkeys.authenticationOptions(ticket.userId, ticket.challenge),
    ]);
    const passkey = options && {
      action: pathOf(interactionUrl, 'passkey'),
      ticket: sealed,
      ceremony: 'authentication' as const,
      options,
    };
    const html = renderSecondFactorPage({
      action: pathOf(interactionUrl, 'code'),
      ticket: sealed,
      app: secret !== undefined,
      passkey,
      ...shown,
    });
    return passkey ? sendHtml(reply, status, html, passkeyHeaders) : sendHtml(reply, status, html);
  };

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
      const [app, passkey] = await Promise.all([secondFactors.totpSecret(user.id), passkeys.has(user.id)]);
      if (app !== undefined || passkey) {
        const ticket = { userId: user.id, email: user.email, ...(passkey && { challenge: newChallenge() }) };
        await codePage(reply, 200, interaction.url, seal(interaction.uid, ticket), ticket);
        return undefined;
      }
      if (!secondFactorRequired(user.roles, policy)) return { login: { accountId: user.id, amr: AMR_PASSWORD } };
      const ticket = { userId: user.id, email: user.email, secret: newTotpSecret(), challenge: newChallenge() };
      await enrolPage(reply, 200, interaction.url, seal(interaction.uid, ticket), ticket);
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
        const { code = '', response = '' } = form.data;
        return { uid, ticket, sealed: form.data.ticket, code: code.trim(), response };
      };

      /** The form's ticket when it is an enrolment's: the new app's secret and the passkey's challenge. */
      const enrolmentOf = async (request: FastifyRequest, reply: FastifyReply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step) return undefined;
        const { secret, challenge } = step.ticket;
        if (secret === undefined || challenge === undefined) return undefined;
        return { ...step, ticket: { ...step.ticket, secret, challenge } };
      };

      /** The new recovery codes, shown once; the login ends at the next post with `amr`. */
      const recoveryCodesPage = (
        request: FastifyRequest,
        reply: FastifyReply,
        uid: string,
        ticket: Ticket,
        amr: string[],
        codes: string[],
      ) =>
        sendHtml(
          reply,
          200,
          renderRecoveryCodesPage({
            action: `${interactionUrl(request)}/${SECOND_FACTOR_PATHS.recovery}`,
            ticket: seal(uid, { userId: ticket.userId, email: ticket.email, amr }),
            codes,
            ...(amr === AMR_PASSKEY && { intro: PASSKEY_TEXTS.recoveryCodes }),
          }),
        );

      /**
       * A code checked under the login throttle (decision 0016): `check` answers what a right code
       * gives, or undefined; a lock or a wrong code is answered with `page` and its status.
       */
      async function throttled<T>(
        request: FastifyRequest,
        reply: FastifyReply,
        ticket: Ticket,
        check: () => Promise<T | undefined>,
        page: (status: number, shown: Shown) => unknown,
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

      registerPasskeyLibrary(app, routeOptions);

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
          (status, shown) => codePage(reply, status, interactionUrl(request), sealed, ticket, shown),
        );
        return amr ? finish(request, reply, { login: { accountId: userId, amr } }) : reply;
      });

      // A passkey's answer that is not right counts as a wrong code: the page says the key was not recognised.
      const asPasskey = ({ failed, ...shown }: Shown): Shown => ({ ...shown, passkeyFailed: failed ?? false });

      app.post(`${path}/${SECOND_FACTOR_PATHS.passkey}`, routeOptions, async (request, reply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step || step.ticket.secret !== undefined) return expired(reply);
        const { ticket, sealed, response } = step;
        const { userId, challenge } = ticket;
        if (challenge === undefined) return expired(reply);
        const amr = await throttled(
          request,
          reply,
          ticket,
          async () => {
            const answer = answerOf(passkeyAuthenticationResponseSchema, response);
            return answer && (await passkeys.verifyAuthentication(userId, answer, challenge)) ? AMR_PASSKEY : undefined;
          },
          (status, shown) => codePage(reply, status, interactionUrl(request), sealed, ticket, asPasskey(shown)),
        );
        return amr ? finish(request, reply, { login: { accountId: userId, amr } }) : reply;
      });

      app.post(`${path}/${SECOND_FACTOR_PATHS.enrol}`, routeOptions, async (request, reply) => {
        const step = await enrolmentOf(request, reply);
        if (!step) return expired(reply);
        const { uid, ticket, sealed, code } = step;
        const codes = await throttled(
          request,
          reply,
          ticket,
          async () => {
            const taken = totpStep(ticket.secret, code);
            return taken === undefined ? undefined : secondFactors.enrol(ticket.userId, ticket.secret, taken);
          },
          (status, shown) => enrolPage(reply, status, interactionUrl(request), sealed, ticket, shown),
        );
        return codes ? recoveryCodesPage(request, reply, uid, ticket, AMR_APP, codes) : reply;
      });

      app.post(`${path}/${SECOND_FACTOR_PATHS.passkeyEnrol}`, routeOptions, async (request, reply) => {
        const step = await enrolmentOf(request, reply);
        if (!step) return expired(reply);
        const { uid, ticket, sealed, response } = step;
        const enrolled = await throttled(
          request,
          reply,
          ticket,
          async () => {
            const answer = answerOf(passkeyRegistrationResponseSchema, response);
            const passkey = answer && (await passkeys.verifyRegistration(answer, ticket.challenge));
            return passkey && passkeys.enrol(ticket.userId, passkey);
          },
          (status, shown) => enrolPage(reply, status, interactionUrl(request), sealed, ticket, asPasskey(shown)),
        );
        if (!enrolled) return reply;
        // Recovery codes the user still had stay valid: none to show, the login ends here.
        if (!enrolled.recoveryCodes) {
          return finish(request, reply, { login: { accountId: ticket.userId, amr: AMR_PASSKEY } });
        }
        return recoveryCodesPage(request, reply, uid, ticket, AMR_PASSKEY, enrolled.recoveryCodes);
      });

      app.post(`${path}/${SECOND_FACTOR_PATHS.recovery}`, routeOptions, async (request, reply) => {
        const step = await ticketOf(request, reply);
        if ('expired' in step || !step.ticket.amr) return expired(reply);
        return finish(request, reply, { login: { accountId: step.ticket.userId, amr: step.ticket.amr } });
      });
    },
  };
}
