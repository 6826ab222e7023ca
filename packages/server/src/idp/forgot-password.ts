import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import type { LoginLimits } from '../config';
import type { Database } from '../db/client';
import { isStorableText } from '../db/text';
import type { Mailer, MailLog } from '../mail/outbox';
import { escapeHtml } from '../lib/html';
import { passwordResetMail } from '../mail/templates';
import { PAGE_HEADERS, renderPage } from './html';
import { FORGOT_PASSWORD_PATH, createPasswordLink } from './password-links';
import { createThrottle } from './throttle';
import { userByEmail } from './users-repository';

export const FORGOT_PASSWORD_TEXTS = {
  title: 'Wachtwoord vergeten',
  intro:
    'Vul het e-mailadres van uw account in. U krijgt dan een e-mail met een link om een nieuw wachtwoord te kiezen.',
  email: 'E-mailadres',
  submit: 'Link versturen',
  sent:
    'Als er een account bij dit e-mailadres hoort, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord te kiezen. ' +
    'Geen e-mail ontvangen? Kijk ook in uw map met ongewenste e-mail, of vraag uw beheerder om hulp.',
  toLogin: 'Naar inloggen',
  locked: (minutes: number) =>
    `Te veel aanvragen voor dit adres of vanaf uw netwerk. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
} as const;

const form = z.object({ email: z.string().trim().max(320).refine(isStorableText) });
const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

function formPage(problem?: string): string {
  const alert = problem ? `<div class="alert" role="alert">${escapeHtml(problem)}</div>` : '';
  return renderPage(
    FORGOT_PASSWORD_TEXTS.title,
    `${alert}<p>${escapeHtml(FORGOT_PASSWORD_TEXTS.intro)}</p>
<form method="post" action="${FORGOT_PASSWORD_PATH}">
<label for="email">${escapeHtml(FORGOT_PASSWORD_TEXTS.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" autofocus>
<button type="submit">${escapeHtml(FORGOT_PASSWORD_TEXTS.submit)}</button>
</form>`,
  );
}

const sentPage = (portalUrl: string) =>
  renderPage(
    FORGOT_PASSWORD_TEXTS.title,
    `<div class="info" role="status">${escapeHtml(FORGOT_PASSWORD_TEXTS.sent)}</div>
<p class="links"><a href="${escapeHtml(portalUrl)}">${escapeHtml(FORGOT_PASSWORD_TEXTS.toLogin)}</a></p>`,
  );

/**
 * 'Wachtwoord vergeten?' of the embedded provider. Whatever the address, the answer is the same
 * neutral page, given before the address is even looked up, so neither its text nor its timing
 * tells whether an account exists. For an existing account a one-time link (the set-password
 * page, valid RESET_LINK_HOURS) goes out by mail through the outbox, or to the log when mail is
 * off. Every request counts against the address and the source like a failed login
 * (decision 0016), so the form mails no one into a flood.
 */
export const forgotPasswordRoutes: FastifyPluginAsync<{
  db: Database;
  publicUrl: string;
  limits: LoginLimits;
  mailer: Mailer;
}> = async (app, { db, publicUrl, limits, mailer }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const throttle = createThrottle(db, limits, 'reset');
  const portalUrl = `${publicUrl}/`;
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(PAGE_HEADERS).send(html);

  /** After the answer: the link for an existing account, mailed (or logged when mail is off). */
  async function issueLink(email: string, log: MailLog) {
    const user = await userByEmail(db, email);
    // A blocked account, or one of a deactivated organisation, gets no link: it could not log in.
    if (!user || user.blocked || !user.organisationActive) return;
    const { url, mailed } = await db.transaction(async (tx) => {
      const url = await createPasswordLink(tx, user.id, publicUrl, 'reset');
      return { url, mailed: await mailer.enqueue(tx, passwordResetMail(user.email, url, portalUrl)) };
    });
    if (mailed) {
      log.info({ email: user.email }, 'password reset mail queued');
      mailer.wake();
    } else {
      log.info({ email: user.email, setPasswordUrl: url }, 'password reset link (mail is off)');
    }
  }

  app.get(FORGOT_PASSWORD_PATH, routeOptions, async (_request, reply) => send(reply, 200, formPage()));

  app.post(FORGOT_PASSWORD_PATH, routeOptions, async (request, reply) => {
    const parsed = form.safeParse(request.body);
    const email = parsed.success ? parsed.data.email.toLowerCase() : '';
    if (!email) return send(reply, 400, formPage(FORGOT_PASSWORD_TEXTS.intro));
    const admission = await throttle.admit(email, request.ip);
    if ('locked' in admission) {
      reply.header('retry-after', admission.locked.retryAfterSeconds);
      return send(
        reply,
        429,
        formPage(FORGOT_PASSWORD_TEXTS.locked(Math.ceil(admission.locked.retryAfterSeconds / 60))),
      );
    }
    await admission.attempt.failed();
    issueLink(email, request.log).catch((error: unknown) =>
      request.log.error({ err: error }, 'issuing a password reset link failed'),
    );
    return send(reply, 200, sentPage(portalUrl));
  });
};
