import {
  CONFIG_TEXTS,
  CONFIG_VERSIENUMMERS,
  configInputSchema,
  flowOf,
  normaliseDeelnemer,
  splitEmails,
  urlGroups,
  urlIssues,
  type ConfigInput,
  type ConfigView,
  type Flow,
  type Side,
} from '@knooppunt/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** 'Toon inputs voor': which URL groups the form shows and checks. */
export type UrlView = 'alle' | Side;
export const URL_VIEWS: readonly UrlView[] = ['alle', 'opdrachtnemer', 'opdrachtgever'];
export const SIDES_OF_VIEW: Record<UrlView, readonly Side[]> = {
  alle: ['opdrachtgever', 'opdrachtnemer'],
  opdrachtgever: ['opdrachtgever'],
  opdrachtnemer: ['opdrachtnemer'],
};

/**
 * The URL groups in the order the form shows them: the participant's own first, so an aannemer
 * (the opdrachtnemer side) sees the opdrachtnemer URLs first (issue 29); the opdrachtgever's
 * otherwise, as before.
 */
export function sidesInOrder(aannemer: boolean): readonly Side[] {
  return aannemer ? ['opdrachtnemer', 'opdrachtgever'] : SIDES_OF_VIEW.alle;
}

/** The form as the user edits it: e-mails as comma-separated text, one text per message type. */
export interface ConfigFormValues {
  deelnemer: string;
  versienummer: string;
  view: UrlView;
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  scope: string;
  emails: string;
  useMtls: boolean;
  urls: Record<string, string>;
}

function urlTypes(versienummer: string): string[] {
  const groups = urlGroups(flowOf(versienummer));
  return [...groups.opdrachtgever, ...groups.opdrachtnemer];
}

/** An empty form for a new configuration of the flow; the version number defaults to the flow's first. */
export function emptyFormValues(flow: Flow, deelnemer: string): ConfigFormValues {
  const versienummer = CONFIG_VERSIENUMMERS[flow][0] ?? '';
  return {
    deelnemer,
    versienummer,
    view: 'alle',
    clientId: '',
    clientSecret: '',
    tokenUrl: '',
    scope: '',
    emails: '',
    useMtls: false,
    urls: Object.fromEntries(urlTypes(versienummer).map((type) => [type, ''])),
  };
}

/** A stored configuration in the form; the secret field starts empty (the server never sends it). */
export function formValuesOf(view: ConfigView): ConfigFormValues {
  const { config } = view;
  return {
    deelnemer: view.deelnemer,
    versienummer: view.versienummer,
    view: 'alle',
    clientId: config.clientId,
    clientSecret: '',
    tokenUrl: config.tokenUrl,
    scope: config.scope,
    emails: config.emails.join(', '),
    useMtls: config.useMtls,
    urls: Object.fromEntries(urlTypes(view.versienummer).map((type) => [type, config.urls[type] ?? ''])),
  };
}

/** What the API takes: e-mails split (spaces removed), empty URLs left out, an empty secret left out (kept). */
export function configInputOf(values: ConfigFormValues): ConfigInput {
  const secret = values.clientSecret.trim();
  return {
    clientId: values.clientId.trim(),
    ...(secret ? { clientSecret: secret } : {}),
    tokenUrl: values.tokenUrl.trim(),
    scope: values.scope.trim(),
    emails: splitEmails(values.emails),
    useMtls: values.useMtls,
    urls: Object.fromEntries(
      Object.entries(values.urls)
        .map(([type, url]) => [type, url.trim()] as const)
        .filter(([, url]) => url !== ''),
    ),
  };
}

/**
 * The messages of spec 000 §5 per field, from the domain's schema and rules. Every URL group counts,
 * shown or not: the form sends them all and the server checks them all (decision 0025); a group
 * with an error is shown whatever 'Toon inputs voor' says (`sidesToShow`).
 */
export function validateConfigForm(values: ConfigFormValues, creating: boolean): Map<string, string> {
  const messages = new Map<string, string>();
  const add = (name: string, message: string) => messages.has(name) || messages.set(name, message);
  const input = configInputOf(values);

  if (creating && normaliseDeelnemer(values.deelnemer) === '') add('deelnemer', CONFIG_TEXTS.deelnemerRequired);
  for (const issue of configInputSchema.safeParse(input).error?.issues ?? []) {
    // A wrong address in the e-mail list belongs to the one e-mail field.
    const [field, key] = issue.path.map(String);
    add(field === 'urls' && key ? `urls.${key}` : (field ?? ''), issue.message);
  }
  if (creating && !input.clientSecret) add('clientSecret', CONFIG_TEXTS.clientSecretRequired);
  for (const issue of urlIssues(values.versienummer, values.urls)) add(issue.path.join('.'), issue.message);
  return messages;
}

/**
 * The URL groups on screen: those of the view, and any other group with an error on screen, so a
 * save is never refused for a field the user cannot see.
 */
export function sidesToShow(
  view: UrlView,
  versienummer: string,
  urlErrors: Partial<Record<string, unknown>> | undefined,
): Side[] {
  const groups = urlGroups(flowOf(versienummer));
  const hasError = (side: Side) => Boolean(urlErrors?.[side]) || groups[side].some((type) => urlErrors?.[type]);
  return SIDES_OF_VIEW.alle.filter((side) => SIDES_OF_VIEW[view].includes(side) || hasError(side));
}

/** The field name under which the none-or-all message of a URL group is kept. */
export const groupField = (side: Side) => `urls.${side}` as const;

export function configFormResolver(creating: boolean): Resolver<ConfigFormValues> {
  return (values) => {
    const messages = validateConfigForm(values, creating);
    if (messages.size === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [name, message] of messages) {
      const [head = '', child] = name.split('.');
      const error = { type: 'validate', message };
      if (child) errors[head] = { ...(errors[head] as object | undefined), [child]: error };
      else errors[head] = error;
    }
    return { values: {}, errors: errors as FieldErrors<ConfigFormValues> };
  };
}
