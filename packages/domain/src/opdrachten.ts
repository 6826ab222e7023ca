import { z } from 'zod';
import { cappedPagedSchema, typedSearchBodySchema } from './paging';

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
  /** True while the open order is past one of its netbeheerder's deadlines (decision 0063); absent otherwise. */
  termijnVerlopen: z.literal(true).optional(),
});
export type OpdrachtView = z.infer<typeof opdrachtViewSchema>;

export const OPDRACHT_TEXTS = {
  notFound: 'Opdracht niet gevonden.',
  notCancellable: (statusText: string) => `Deze opdracht kan niet meer worden geannuleerd (${statusText}).`,
} as const;

/**
 * The order status filter of spec 000 §2 (default Open): Open is below 900, Afgerond 900 and above,
 * Error the orders in error (shown as status 'error', and neither Open nor Afgerond), Alle all.
 */
export const OPDRACHT_STATUS_FILTERS = ['Open', 'Alle', 'Error', 'Afgerond'] as const;
export type OpdrachtStatusFilter = (typeof OPDRACHT_STATUS_FILTERS)[number];
export const DEFAULT_OPDRACHT_STATUS_FILTER: OpdrachtStatusFilter = 'Open';

const text = z.string().trim().max(200);

/** Order search of both flows: `opdracht/search` (Aansluiting) and `opdracht-hoofdnet/search`. */
export const opdrachtSearchSchema = typedSearchBodySchema({
  filters: {
    opdrachtId: text,
    opdrachtgever: text,
    opdrachtnemer: text,
    status: z.enum(OPDRACHT_STATUS_FILTERS, {
      error: `Kies een status: ${OPDRACHT_STATUS_FILTERS.join(', ')}.`,
    }),
    /** Only orders past a deadline (true); false or absent filters nothing. */
    termijnVerlopen: z.boolean({ error: 'Geef termijnVerlopen: true of false.' }),
  },
  sortFields: ['changed', 'created', 'opdrachtId'],
});
export type OpdrachtSearch = z.input<typeof opdrachtSearchSchema>;
export const opdrachtPageSchema = cappedPagedSchema(opdrachtViewSchema);
