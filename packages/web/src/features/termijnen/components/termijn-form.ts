import {
  TERMIJN_EENHEDEN,
  termijnInputSchema,
  type Flow,
  type Termijn,
  type TermijnEenheid,
  type TermijnInput,
} from '@knooppunt/domain';
import { z } from 'zod';
import { LABELS } from '@/lib/texts';

/** The dialog's fields: the call's, with the number as typed. */
export interface TermijnFormValues {
  flow: Flow;
  van: string;
  tot: string;
  aantal: string;
  eenheid: TermijnEenheid;
}

/**
 * The server's own checks (`termijnInputSchema`), after the dialog's: a type must be chosen, and
 * what is no whole number counts as none, so the message names the unit chosen.
 */
export const termijnFormSchema = z
  .object({
    flow: z.enum(['aansluiting', 'hoofdnet']),
    van: z.string().min(1, LABELS.termijnen.typeKiezen),
    tot: z.string().min(1, LABELS.termijnen.typeKiezen),
    aantal: z.string(),
    eenheid: z.enum(TERMIJN_EENHEDEN),
  })
  .transform(termijnInputOf)
  .pipe(termijnInputSchema);

/** What the dialog sends. */
export function termijnInputOf(values: TermijnFormValues): TermijnInput {
  return { ...values, aantal: wholeNumber(values.aantal) };
}

export function wholeNumber(text: string): number {
  const number = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(number) ? number : 0;
}

/** A new deadline starts empty in working days; an edit from the deadline as loaded. */
export function initialValues(termijn: Termijn | undefined): TermijnFormValues {
  if (!termijn) return { flow: 'aansluiting', van: '', tot: '', aantal: '', eenheid: 'werkdagen' };
  const { flow, van, tot, aantal, eenheid } = termijn;
  return { flow, van, tot, aantal: String(aantal), eenheid };
}
