import { TERMIJN_TEXTS, type Termijn, type TermijnInput } from '@knooppunt/domain';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { useCreateTermijn } from '../api/create-termijn';
import { useUpdateTermijn } from '../api/update-termijn';
import type { TermijnFormValues } from './termijn-form';

/** Says a refusal of one field under that field, where it can be changed. */
export type Refuse = (field: keyof TermijnFormValues, message: string) => void;

const FIELDS: readonly string[] = ['flow', 'van', 'tot', 'aantal', 'eenheid'] satisfies (keyof TermijnFormValues)[];

/**
 * Saves a new deadline or an edit of `termijn` (built on its `changed`). A refusal the server ties
 * to a field shows at that field; any other (a deadline changed since, no right) as an alert
 * beside the dialog, which stays open (decision 0058).
 */
export function useSaveTermijn(netbeheerder: string, termijn: Termijn | undefined, onSaved: () => void) {
  const { notifyError, notifySuccess } = useNotify();
  const creating = useCreateTermijn(netbeheerder);
  const updating = useUpdateTermijn(netbeheerder);

  const save = (input: TermijnInput, refuse: Refuse) => {
    const outcome = (success: string, failure: string) => ({
      onSuccess: () => {
        notifySuccess(success);
        onSaved();
      },
      onError: (error: unknown) => {
        const refusal = refusalOf(error, input);
        if (refusal) refuse(refusal.field, refusal.message);
        else notifyError(failure, error);
      },
    });
    if (termijn) {
      updating.mutate(
        { id: termijn.id, termijn: input, changed: termijn.changed },
        outcome(TERMIJN_TEXTS.saved, LABELS.termijnen.saveFailed),
      );
    } else {
      creating.mutate(input, outcome(TERMIJN_TEXTS.created, LABELS.termijnen.createFailed));
    }
  };
  return { save, busy: creating.isPending || updating.isPending };
}

function refusalOf(
  error: unknown,
  input: TermijnInput,
): { field: keyof TermijnFormValues; message: string } | undefined {
  if (!(error instanceof ApiCallError) || !error.answer) return undefined;
  // An edit sends its fields under `termijn`.
  const detail = error.answer.details
    ?.map(({ field, message }) => ({ field: field.replace(/^termijn\./, ''), message }))
    .find(({ field }) => FIELDS.includes(field));
  if (detail) return { field: detail.field as keyof TermijnFormValues, message: detail.message };
  // Another deadline between the same two types: another 'Tot' (or 'Van') makes it a new one.
  const exists = TERMIJN_TEXTS.exists(input.van, input.tot);
  if (error.status === 409 && error.answer.message === exists) return { field: 'tot', message: exists };
  return undefined;
}
