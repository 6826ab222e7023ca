import { escapeHtml } from '../idp/html';
import { PASSWORD_LINK_DAYS } from '../idp/password-links';

/** The kinds of mail the platform sends; the outbox row says which one it holds. */
export type MailKind = 'uitnodiging' | 'wachtwoord-herstel' | 'melding';

export interface Mail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'Knooppunt';
const PORTAL = 'Knooppunt beheer';

/** A paragraph per string; a link becomes a button-like anchor in HTML and stays bare in text. */
type Block = string | { link: string; label: string };

function compose(kind: MailKind, to: string, subject: string, blocks: Block[]): Mail {
  const text = [
    ...blocks.map((block) => (typeof block === 'string' ? block : block.link)),
    '--',
    `${PRODUCT}: berichtenverkeer tussen netbeheerders en aannemers. Deze e-mail is automatisch verstuurd.`,
  ].join('\n\n');
  const body = blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p style="margin:0 0 16px">${escapeHtml(block)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}" style="display:inline-block;background:#0b3d91;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(block.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#555555">Werkt de knop niet? Kopieer dan deze link in uw browser:<br>${escapeHtml(block.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f5f6f8;font-family:Roboto,'Segoe UI',Helvetica,Arial,sans-serif;color:#222222;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#0b3d91;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:500">${PRODUCT}</div>
<div style="background:#ffffff;border-top:4px solid #f28c28;padding:24px">
${body}
</div>
<p style="font-size:12px;color:#777777;margin:16px 0 0">${PRODUCT}: berichtenverkeer tussen netbeheerders en aannemers. Deze e-mail is automatisch verstuurd.</p>
</div></body></html>`;
  return { kind, to, subject, text, html };
}

const validity = `De link is ${PASSWORD_LINK_DAYS} dagen geldig en werkt één keer.`;

/** A new user's invitation: the one-time link to set a password. */
export function invitationMail(to: string, link: string, portalUrl: string): Mail {
  return compose('uitnodiging', to, `Uw account voor ${PORTAL}`, [
    'Beste gebruiker,',
    `Er is een account voor u aangemaakt in ${PORTAL} met het e-mailadres ${to}. Stel eerst uw wachtwoord in:`,
    { link, label: 'Wachtwoord instellen' },
    `${validity} Daarna logt u in op ${portalUrl}`,
    'Had u dit niet verwacht? Dan kunt u deze e-mail negeren.',
  ]);
}

/** 'Wachtwoord vergeten?': the one-time link to choose a new password. */
export function passwordResetMail(to: string, link: string, portalUrl: string): Mail {
  return compose('wachtwoord-herstel', to, `Nieuw wachtwoord voor ${PORTAL}`, [
    'Beste gebruiker,',
    `Er is gevraagd om een nieuw wachtwoord voor uw account in ${PORTAL} (${to}). Kies het via deze link:`,
    { link, label: 'Nieuw wachtwoord kiezen' },
    `${validity} Daarna logt u in op ${portalUrl}`,
    'Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren: uw wachtwoord blijft zoals het is.',
  ]);
}

/** A message to an operator (used by alerting): a subject and its lines, optionally a link. */
export function alertMail(to: string, subject: string, lines: string[], link?: { url: string; label: string }): Mail {
  return compose('melding', to, `${PRODUCT}: ${subject}`, [
    ...lines,
    ...(link ? [{ link: link.url, label: link.label }] : []),
  ]);
}
