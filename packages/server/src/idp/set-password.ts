import type { FastifyPluginAsync } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import { PASSWORD_MIN } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { escapeHtml } from '../lib/html';
import { SET_PASSWORD_PATH, passwordLinkValid, usePasswordLink } from './password-links';
import { PAGE_HEADERS, renderPage } from './html';
import { hashPassword } from './passwords';

export { PASSWORD_MIN };

export const SET_PASSWORD_TEXTS = {
  title: 'Wachtwoord instellen',
  password: 'Nieuw wachtwoord',
  repeat: 'Herhaal het wachtwoord',
  submit: 'Wachtwoord instellen',
  /** Under the field, before anything is submitted (issue 29). */
  rule: `Ten minste ${PASSWORD_MIN} tekens. Vul het daarna nog een keer in.`,
  tooShort: `Kies een wachtwoord van ten minste ${PASSWORD_MIN} tekens.`,
  different: 'De wachtwoorden zijn niet gelijk.',
  invalid:
    "Deze link is ongeldig, verlopen of al gebruikt. Vraag een nieuwe aan via 'Wachtwoord vergeten?' op het inlogscherm, of bij uw beheerder.",
  doneTitle: 'Wachtwoord ingesteld',
  done: 'Uw wachtwoord is ingesteld. U kunt nu inloggen.',
  toPortal: 'Naar Knooppunt beheer',
} as const;

const params = z.object({ token: z.string().min(20).max(100) });
const form = z.object({ password: z.string().max(1024), repeat: z.string().max(1024) });
const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };

/** A hint close under its field (the shared style gives a field room below it; allowed by the pages' CSP). */
const RULE_STYLE = 'margin:-14px 0 20px;font-size:.8125rem;color:rgba(0,0,0,.6)';

function formPage(action: string, problem?: string): string {
  const alert = problem ? `<div class="alert" role="alert">${escapeHtml(problem)}</div>` : '';
  return renderPage(
    SET_PASSWORD_TEXTS.title,
    `${alert}<form method="post" action="${escapeHtml(action)}">
<label for="password">${escapeHtml(SET_PASSWORD_TEXTS.password)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="1024" aria-describedby="password-rule" autofocus>
<p id="password-rule" style="${RULE_STYLE}">${escapeHtml(SET_PASSWORD_TEXTS.rule)}</p>
<label for="repeat">${escapeHtml(SET_PASSWORD_TEXTS.repeat)}</label>
<input id="repeat" name="repeat" type="password" autocomplete="new-password" required maxlength="1024">
<button type="submit">${escapeHtml(SET_PASSWORD_TEXTS.submit)}</button>
</form>`,
  );
}

const messagePage = (title: string, text: string, portalUrl: string) =>
  renderPage(
    title,
    `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(portalUrl)}">${escapeHtml(SET_PASSWORD_TEXTS.toPortal)}</a></p>`,
  );

/**
 * The one-time set-password page of the embedded provider (`/account/wachtwoord/<token>`, the link
 * a new user gets): a valid, unused link shows the form; posting a long enough password twice sets
 * it and uses up the link.
 */
export const setPasswordRoutes: FastifyPluginAsync<{ db: Database; portalUrl: string }> = async (app, options) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const { db, portalUrl } = options;
  const invalid = () => messagePage(SET_PASSWORD_TEXTS.title, SET_PASSWORD_TEXTS.invalid, portalUrl);

  app.get(`${SET_PASSWORD_PATH}/:token`, routeOptions, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const valid = parsed.success && (await passwordLinkValid(db, parsed.data.token));
    return reply
      .code(valid ? 200 : 410)
      .headers(PAGE_HEADERS)
      .send(valid ? formPage(request.url) : invalid());
  });

  app.post(`${SET_PASSWORD_PATH}/:token`, routeOptions, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = form.safeParse(request.body);
    if (!parsed.success || !(await passwordLinkValid(db, parsed.data.token))) {
      return reply.code(410).headers(PAGE_HEADERS).send(invalid());
    }
    const password = body.success ? body.data.password : '';
    const problem =
      password.length < PASSWORD_MIN
        ? SET_PASSWORD_TEXTS.tooShort
        : password !== (body.success ? body.data.repeat : '')
          ? SET_PASSWORD_TEXTS.different
          : undefined;
    if (problem) return reply.code(400).headers(PAGE_HEADERS).send(formPage(request.url, problem));
    const set = await usePasswordLink(db, parsed.data.token, await hashPassword(password));
    if (!set) return reply.code(410).headers(PAGE_HEADERS).send(invalid());
    return reply
      .code(200)
      .headers(PAGE_HEADERS)
      .send(messagePage(SET_PASSWORD_TEXTS.doneTitle, SET_PASSWORD_TEXTS.done, portalUrl));
  });
};
