import { changePasswordSchema } from '@knooppunt/domain';
import { z } from 'zod';
import { LABELS } from '@/lib/texts';

/** The dialog's fields: the call's two, and the new password once more, which must be the same. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ herhaling: z.string() })
  .refine((values) => values.herhaling === values.nieuwWachtwoord, {
    path: ['herhaling'],
    message: LABELS.changePassword.different,
  });

export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const EMPTY_FORM: ChangePasswordForm = { huidigWachtwoord: '', nieuwWachtwoord: '', herhaling: '' };
