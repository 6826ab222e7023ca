import { PASSWORD_LINK_DAYS, RESET_LINK_HOURS } from '@knooppunt/domain';
import { escapeHtml } from '../lib/html';

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

/** The flows as the mails name them. */
export const FLOW_NAMES = { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' } as const;
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
const resetValidity = `De link is ${RESET_LINK_HOURS} uur geldig en werkt één keer.`;

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
    `${resetValidity} Daarna logt u in op ${portalUrl}`,
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

const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Amsterdam',
});

/** A moment as the portal's users read it: '25 november 2026 om 10:05' (Amsterdam time). */
export function dutchMoment(at: Date): string {
  return amsterdam.format(at).replace(/, (\d{2}:\d{2})$/, ' om $1');
}

/** A duration in words: '45 minuten', '1 uur en 5 minuten', '2 dagen en 3 uur'; under a minute 'minder dan een minuut'. */
export function dutchDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'minder dan een minuut';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (days > 0)
    return hours > 0 ? `${part(days, 'dag', 'dagen')} en ${part(hours, 'uur', 'uur')}` : part(days, 'dag', 'dagen');
  if (hours > 0)
    return rest > 0 ? `${part(hours, 'uur', 'uur')} en ${part(rest, 'minuut', 'minuten')}` : part(hours, 'uur', 'uur');
  return part(rest, 'minuut', 'minuten');
}

/** What an alert mail about a receiver configuration says (decision 0035). */
export interface DeliveryAlert {
  receiver: string;
  versienummer: string;
  /** 'Aansluiting' or 'Hoofdnet'. */
  flow: string;
  downSince: Date;
  reason: 'failures' | 'silence';
  /** ALERT_FAILED_ATTEMPTS or ALERT_SILENCE_MINUTES, as the reason uses it. */
  threshold: number;
  waiting: number;
  lastError: { msg: string; traceId: string } | undefined;
  /** The Uitval screen of the flow, filtered on the receiver. */
  uitvalUrl: string;
  /** A later mail while it stays down. */
  reminder: boolean;
}

/** 'Aflevering mislukt': deliveries to a receiver fail (a message's failed attempts, or nothing delivered while messages wait). */
export function deliveryAlertMail(to: string, alert: DeliveryAlert): Mail {
  const who = `${alert.receiver} (${alert.flow}, versie ${alert.versienummer})`;
  const subject = `${alert.reminder ? 'Nog steeds: b' : 'B'}erichten aan ${alert.receiver} worden niet afgeleverd`;
  return alertMail(
    to,
    subject,
    [
      'Beste beheerder,',
      `Berichten aan ${who} worden sinds ${dutchMoment(alert.downSince)} niet afgeleverd${alert.reminder ? ', en dat is nog steeds zo' : ''}.`,
      alert.reason === 'failures'
        ? `Een bericht is ${alert.threshold} keer of vaker zonder succes aangeboden.`
        : `Er is ${alert.threshold === 1 ? 'een minuut' : `${alert.threshold} minuten`} of langer niets afgeleverd terwijl er berichten wachten.`,
      `Wachtende berichten: ${alert.waiting.toLocaleString('nl-NL')}.`,
      alert.lastError
        ? `Laatste fout: ${alert.lastError.msg} (trace-id ${alert.lastError.traceId}).`
        : 'Er is geen foutmelding: de ontvanger gaf nog geen antwoord.',
      'U krijgt een bericht zodra er weer wordt afgeleverd.',
    ],
    { url: alert.uitvalUrl, label: 'Uitval bekijken' },
  );
}

/** 'Aflevering hersteld': a receiver that was down accepts deliveries again. */
export function deliveryRecoveryMail(
  to: string,
  recovery: {
    receiver: string;
    versienummer: string;
    flow: string;
    downSince: Date;
    downMs: number;
    delivered: number;
  },
): Mail {
  const who = `${recovery.receiver} (${recovery.flow}, versie ${recovery.versienummer})`;
  return alertMail(to, `Berichten aan ${recovery.receiver} worden weer afgeleverd`, [
    'Beste beheerder,',
    `Berichten aan ${who} worden weer afgeleverd.`,
    `De storing duurde ${dutchDuration(recovery.downMs)}, sinds ${dutchMoment(recovery.downSince)}.`,
    `Sindsdien ${recovery.delivered === 1 ? 'is 1 bericht' : `zijn ${recovery.delivered.toLocaleString('nl-NL')} berichten`} afgeleverd.`,
  ]);
}
