import { z } from 'zod';
import type { SecretCipher } from '../secrets/cipher';
import { isStorableText } from '../db/text';

/*
 * The ticket of the login's second step (decision 0054): what the password step established,
 * sealed with the secret key and bound to the interaction (AES-GCM with the interaction's uid as
 * associated data), valid for a few minutes, carried by each page's form; and the forms' fields.
 */

/** How long the password step's ticket lasts. */
const TICKET_MINUTES = 10;

const ticketSchema = z.object({
  userId: z.string(),
  email: z.string(),
  exp: z.number(),
  /** Enrolment: the new app's secret, until its first code is given. */
  secret: z.string().optional(),
  /** The challenge of the page's WebAuthn ceremony: a passkey's use, or (enrolment) its registration. */
  challenge: z.string().optional(),
  /** Enrolled and shown the recovery codes: the login ends at the next post. */
  amr: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const formSchema = z.object({
  ticket: z.string().max(4096),
  code: z.string().max(64).refine(isStorableText).optional(),
  /** The browser's answer to a WebAuthn ceremony, as JSON (the passkey's posts). */
  response: z.string().max(14_000).optional(),
});

/** The browser's answer in a form field, when it is JSON of `schema`'s shape. */
export function answerOf<T>(schema: z.ZodType<T>, json: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seals a ticket for the interaction `uid` (valid for TICKET_MINUTES unless it says), and opens
 * one: undefined when it is not this interaction's, altered or expired.
 */
export function loginTickets(cipher: SecretCipher) {
  const context = (uid: string) => `login-ticket:${uid}`;
  return {
    seal: (uid: string, ticket: Omit<Ticket, 'exp'> & { exp?: number }) =>
      cipher.encrypt(JSON.stringify({ exp: Date.now() + TICKET_MINUTES * 60_000, ...ticket }), context(uid)),
    open: (uid: string, sealed: string): Ticket | undefined => {
      try {
        const ticket = ticketSchema.parse(JSON.parse(cipher.decrypt(sealed, context(uid))));
        return ticket.exp > Date.now() ? ticket : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
