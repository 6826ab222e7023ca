import { z } from 'zod';

/** An order as the portal sees it (spec 000 §3 'Opdracht'); status is 'error' when the platform could not process or deliver for it. */
export const opdrachtViewSchema = z.object({
  opdrachtId: z.string(),
  versienummer: z.string(),
  opdrachtgever: z.string(),
  opdrachtnemer: z.string(),
  status: z.union([z.number().int(), z.literal('error')]),
  statusText: z.string(),
  created: z.string(),
  changed: z.string(),
  type: z.string().optional(),
  planStatusText: z.string().optional(),
});
export type OpdrachtView = z.infer<typeof opdrachtViewSchema>;

export const OPDRACHT_TEXTS = {
  notFound: 'Opdracht niet gevonden.',
  notCancellable: (statusText: string) => `Deze opdracht kan niet meer worden geannuleerd (${statusText}).`,
} as const;
