import { startRunSchema, type StartRun } from '@knooppunt/domain';
import { z } from 'zod';

/** The dialog's fields, as typed; the two extra fields only for who may test every participant. */
export interface StartRunValues {
  scenario: string;
  deelnemer: string;
  stapTimeout: string;
}

export const START_RUN_DEFAULTS: StartRunValues = { scenario: '', deelnemer: '', stapTimeout: '' };

/** The request body of the values: an empty field is left out (the own organisation, the platform's wait). */
export function startRunBody(values: StartRunValues): StartRun {
  const deelnemer = values.deelnemer.trim();
  const stapTimeout = values.stapTimeout.trim();
  return {
    scenario: values.scenario,
    ...(deelnemer && { deelnemer }),
    ...(stapTimeout && { stapTimeoutSeconden: Number(stapTimeout) }),
  };
}

const FIELD_OF: Record<string, keyof StartRunValues> = {
  scenario: 'scenario',
  deelnemer: 'deelnemer',
  stapTimeoutSeconden: 'stapTimeout',
};

/** The form's rules are the request's (the domain's schema), checked on the body the form would send. */
export const startRunFormSchema = z
  .object({ scenario: z.string(), deelnemer: z.string(), stapTimeout: z.string() })
  .superRefine((values, ctx) => {
    for (const issue of startRunSchema.safeParse(startRunBody(values)).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: [FIELD_OF[String(issue.path[0])] ?? 'scenario'], message: issue.message });
    }
  });
