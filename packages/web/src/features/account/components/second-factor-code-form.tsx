import { secondFactorCodeSchema, type SecondFactorCode } from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { useNotify } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';

const T = LABELS.secondFactor;

/** Refusals the server explains in words the user can act on: shown in the dialog, where the user looks. */
const EXPLAINED = [400, 409, 429];

interface SecondFactorCodeFormProps {
  /** What the code is for, above the field. */
  children: ReactNode;
  submitLabel: string;
  /** Sends the code; a rejection is shown in the form. */
  onCode: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A code of the user's authenticator app, for the step of 'Tweede stap' that asks one. A wrong
 * code is said at the field; a lock after too many, an expired enrolment or a conflict in the form.
 */
export function SecondFactorCodeForm({ children, submitLabel, onCode, onCancel }: SecondFactorCodeFormProps) {
  const { notifyError } = useNotify();
  const [problem, setProblem] = useState<string>();
  const { control, handleSubmit, setError, formState } = useForm<SecondFactorCode>({
    resolver: zodResolver(secondFactorCodeSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async ({ code }) => {
    setProblem(undefined);
    try {
      await onCode(code);
    } catch (error) {
      const answer = error instanceof ApiCallError ? error.answer : undefined;
      const refusal = answer?.details?.find((detail) => detail.field === 'code');
      if (refusal) setError('code', { message: refusal.message }, { shouldFocus: true });
      else if (error instanceof ApiCallError && answer && EXPLAINED.includes(error.status ?? 0)) {
        setProblem(answer.message);
      } else notifyError(T.failed, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          {children}
          <FormTextField
            control={control}
            name="code"
            label={T.code}
            helperText={T.codeHint}
            autoComplete="one-time-code"
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, spellCheck: false } }}
          />
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={submitLabel}
        canSubmit={formState.isValid}
        busy={formState.isSubmitting}
      />
    </form>
  );
}
