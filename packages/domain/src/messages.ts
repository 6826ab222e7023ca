import { z } from 'zod';

/** A message as the portal sees it (spec 000 §3 'Message'; spec 001 §3 'Failed message'). */
export const messageViewSchema = z.object({
  _id: z.string(),
  opdrachtId: z.string(),
  sender: z.string(),
  receiver: z.string(),
  type: z.string(),
  versienummer: z.string(),
  created: z.string(),
  failedAttempts: z.number().int(),
  lastAttempt: z.string().nullable(),
  nextAttempt: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  err: z.object({ msg: z.string(), traceId: z.string() }).nullable(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const retryMessageSchema = z.object({ id: z.uuid({ error: 'Geen geldig bericht-id.' }) });

export const MESSAGE_TEXTS = {
  notFound: 'Bericht niet gevonden.',
  alreadyDelivered: 'Dit bericht is al afgeleverd.',
  wrongFlow: (flow: string) => `Dit bericht hoort niet bij de ${flow}-berichten.`,
} as const;
