import { z } from 'zod';
import { cappedPagedSchema, typedSearchBodySchema } from './paging';

/** A Hoofdnet delivery as the portal sees it (spec 000 §3 'Levering'). */
export const leveringViewSchema = z.object({
  opdrachtId: z.string(),
  leveringId: z.string(),
  opdrachtgever: z.string(),
  opdrachtnemer: z.string(),
  messageType: z.string(),
  type: z.string(),
  statusText: z.string(),
  created: z.string(),
  changed: z.string(),
});
export type LeveringView = z.infer<typeof leveringViewSchema>;

/** The error-only toggle of the leveringen screen sends `{name: 'status', value: 'error'}` (spec 000 §7). */
export const LEVERING_ERROR_STATUS = 'error';

const text = z.string().trim().max(200);

export const leveringSearchSchema = typedSearchBodySchema({
  filters: {
    opdrachtId: text,
    opdrachtgever: text,
    opdrachtnemer: text,
    status: z.literal(LEVERING_ERROR_STATUS, { error: `Alleen '${LEVERING_ERROR_STATUS}' (alleen fouten).` }),
  },
  sortFields: ['changed', 'created'],
});
export type LeveringSearch = z.input<typeof leveringSearchSchema>;
export const leveringPageSchema = cappedPagedSchema(leveringViewSchema);
