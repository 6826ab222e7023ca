import {
  CLIENT_AUTH_METHODS,
  createSystemClientSchema,
  OMGEVINGEN,
  type CreateSystemClient,
  type Omgeving,
} from '@knooppunt/domain';
import { z } from 'zod';
import { LABELS } from '@/lib/texts';

/** The dialog's fields: the JWKS as the text the user pastes. */
export interface CreateClientValues {
  omschrijving: string;
  methode: (typeof CLIENT_AUTH_METHODS)[number];
  omgeving: Omgeving;
  jwks: string;
}

export const CREATE_CLIENT_DEFAULTS: CreateClientValues = {
  omschrijving: '',
  methode: 'client_secret_basic',
  omgeving: 'productie',
  jwks: '',
};

type Parsed = { ok: true; body: CreateSystemClient } | { ok: false; message: string };

/** The request body of the values, or why the JWKS text is no JSON. A JWKS belongs only to private_key_jwt. */
export function createClientBody(values: CreateClientValues, organisatie: string | undefined): Parsed {
  const body: CreateSystemClient = {
    ...(organisatie ? { organisatie } : {}),
    omschrijving: values.omschrijving,
    methode: values.methode,
    omgeving: values.omgeving,
  };
  if (values.methode !== 'private_key_jwt' || values.jwks.trim() === '') return { ok: true, body };
  try {
    return { ok: true, body: { ...body, jwks: JSON.parse(values.jwks) as CreateSystemClient['jwks'] } };
  } catch {
    return { ok: false, message: LABELS.clients.jwksNotJson };
  }
}

/**
 * The form's rules are the request's (the domain's schema, with its Dutch texts), checked on the
 * body the form would send; a problem anywhere in the JWKS is shown at its field.
 */
export const createClientFormSchema = z
  .object({
    omschrijving: z.string(),
    methode: z.enum(CLIENT_AUTH_METHODS),
    omgeving: z.enum(OMGEVINGEN),
    jwks: z.string(),
  })
  .superRefine((values, ctx) => {
    const parsed = createClientBody(values, undefined);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: parsed.message });
      return;
    }
    const result = createSystemClientSchema.safeParse(parsed.body);
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] === 'jwks' ? 'jwks' : 'omschrijving';
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
