import { z } from 'zod';

/** Every error answer of the API: a message, and for bad input the fields at fault. */
export const apiErrorSchema = z.object({
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
