/** Business constants and limits of both specifications (spec 000 §9, spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const ERROR_ALERT_MS = 10_000;
export const SUCCESS_ALERT_MS = 3_000;

export const MAX_CONCURRENT_MESSAGES = { min: 0, max: 5, default: 5 } as const;
/**
 * 'Maximaal aantal berichten per seconde' of a receiver configuration (issue 30 item 5): 0 is no
 * limit, the default.
 */
export const MAX_MESSAGES_PER_SECOND = { min: 0, max: 1000, default: 0 } as const;

export const VERSIENUMMER_AANSLUITING = '2.0';
export const VERSIENUMMER_HOOFDNET = 'h1.0';

export const CONNECTION_CHECK_DETAIL_COLLAPSE = 72;

export const PAGE_SIZE = {
  leveringen: 30,
  hoofdnetOpdrachten: 30,
  berichten: 50,
  opdrachten: 50,
  /** Not named by spec 001; the uitval lists use the message search, so the messages' size (decision 0011). */
  uitval: 50,
  organisaties: 10,
  configs: 10,
  versions: 25,
  scenarios: 25,
  waardenlijsten: 25,
  zoeken: 25,
  gebruikers: 10,
  /** Not in the specs: a participant has a handful of systems (decision 0019). */
  systemClients: 25,
  /** Not in the specs: the Auditlog, as many as the message lists (decision 0033). */
  auditlog: 50,
} as const;

/** The largest whole number a PostgreSQL `integer` column holds: version numbers and counters. */
export const MAX_INTEGER = 2_147_483_647;
/** The message of a number past MAX_INTEGER; the error answer names the field. */
export const MAX_INTEGER_TEXT = `Kies een getal van ten hoogste ${MAX_INTEGER}`;

/** Upper bound for `limit` on every paged search call; `0` means "all" where a call allows it. */
export const MAX_PAGE_LIMIT = 500;

/**
 * The monitoring lists count matching rows up to this many; past it the answer says 'meer dan'
 * (docs/decisions/0010). Counting millions of rows exactly would cost more than the page itself.
 */
export const MONITORING_COUNT_CAP = 10_000;

export const OPDRACHT_FINISHED_THRESHOLD = 900;
export const NON_CANCELLABLE_STATUSES: readonly number[] = [910, 990];

export const ORGANISATION_NAME_MAX = 200;
export const OMSCHRIJVING_MAX = 100;
/** A password of the embedded provider has at least this many characters (set-password page, 'Wachtwoord wijzigen'). */
export const PASSWORD_MIN = 10;
/** And at most this many: longer input is no password but a load on scrypt. */
export const PASSWORD_MAX = 1024;
/**
 * An invitation's set-password link (a new user, 'Uitnodiging opnieuw versturen', the operator's
 * invite command) lasts this long; the mail outbox gives up a mail it could not send by then.
 */
export const PASSWORD_LINK_DAYS = 7;
/** A 'Wachtwoord vergeten?' link lasts this long: it opens an existing account, so it lives briefly. */
export const RESET_LINK_HOURS = 1;
export const EMAIL_MAX = 100;

export const DRAWER_WIDTH_PX = 600;
export const MESSAGE_INDENT = 2;

// Spec 000 §9's login popup timeout and lock (60 s / 5 s) have no constant: the portal logs in by
// redirect, never in a popup (decision 0028).

export const DATE_FORMAT = 'dd-LL-yyyy';
export const DATE_TIME_FORMAT = 'dd-LL-yyyy HH:mm:ss';

export const DISCIPLINES = ['Elektra', 'Gas', 'Water', 'Glas', 'CAI', 'Koper', 'Riool'] as const;
export type Discipline = (typeof DISCIPLINES)[number];
