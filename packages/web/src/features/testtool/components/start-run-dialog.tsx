import type { RunView } from '@knooppunt/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormActions } from '@/components/dialog-form-actions/dialog-form-actions';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import type { ScenarioView } from '../api/get-scenarios';
import { useStartRun } from '../api/start-run';
import { START_RUN_DEFAULTS, startRunBody, startRunFormSchema } from './start-run-form';

const T = LABELS.testtool;

interface StartRunDialogProps {
  open: boolean;
  scenarios: readonly ScenarioView[];
  /** 'Testtool Beheren': a run for another participant, with a wait of its own. */
  everyParticipant: boolean;
  /** An implementation partner's user: the participant it acts for (decision 0041). */
  namens: string | undefined;
  onClose: () => void;
  /** The run started, once the dialog has closed. */
  onStarted: (run: RunView) => void;
}

/** 'Nieuwe test': choose a scenario and start it. */
export function StartRunDialog({ open, scenarios, everyParticipant, namens, onClose, onStarted }: StartRunDialogProps) {
  const titleId = useId();
  const mutation = useStartRun();
  const close = () => !mutation.isPending && onClose();
  // The new run opens once this dialog has gone: two modals at once leave the accessibility tree
  // and the focus to whichever of them MUI settles last.
  const started = useRef<RunView>(undefined);
  const opened = () => {
    if (started.current) onStarted(started.current);
    started.current = undefined;
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: opened } }}
    >
      <DialogTitle id={titleId}>{T.newRun}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && (
        <StartRunForm
          scenarios={scenarios}
          everyParticipant={everyParticipant}
          namens={namens}
          mutation={mutation}
          onCancel={close}
          onStarted={(run) => {
            started.current = run;
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

interface FormProps extends Pick<StartRunDialogProps, 'scenarios' | 'everyParticipant' | 'namens' | 'onStarted'> {
  mutation: ReturnType<typeof useStartRun>;
  onCancel: () => void;
}

/** Aansluiting first, then Hoofdnet; within a flow the catalogue's order (the straight path first). */
const byFlow = (scenarios: readonly ScenarioView[]) =>
  (['aansluiting', 'hoofdnet'] as const).flatMap((flow) => scenarios.filter((scenario) => scenario.flow === flow));

function StartRunForm({ scenarios, everyParticipant, namens, mutation, onCancel, onStarted }: FormProps) {
  const { notifyError } = useNotify();
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(startRunFormSchema),
    mode: 'all',
    defaultValues: START_RUN_DEFAULTS,
  });
  const submit = handleSubmit((values) =>
    mutation.mutate(
      { ...startRunBody(values), ...(namens && { deelnemer: namens }) },
      {
        onSuccess: onStarted,
        onError: (error) => notifyError(T.startFailed, error),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {namens && <DialogContentText>{T.namens.startFor(namens)}</DialogContentText>}
          {/* Labelled per flow rather than grouped: a heading inside a listbox is no option (axe). */}
          <FormTextField control={control} name="scenario" select required autoFocus label={T.scenario}>
            {byFlow(scenarios).map((scenario) => (
              <MenuItem key={scenario.id} value={scenario.id}>
                {T.scenarioOption(T.flows[scenario.flow], scenario.naam, scenario.stappen.length)}
              </MenuItem>
            ))}
          </FormTextField>
          {everyParticipant && (
            <>
              <FormTextField control={control} name="deelnemer" label={T.deelnemer} helperText={T.deelnemerHelper} />
              <FormTextField
                control={control}
                name="stapTimeout"
                type="number"
                label={T.stapTimeout}
                helperText={T.stapTimeoutHelper}
                slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogFormActions
        onCancel={onCancel}
        submitLabel={T.start}
        canSubmit={formState.isValid}
        busy={mutation.isPending}
      />
    </form>
  );
}
