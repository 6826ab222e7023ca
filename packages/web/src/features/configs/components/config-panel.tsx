import {
  CONCURRENCY_TEXTS,
  ERROR_TITLES,
  mayWriteConfig,
  SUCCESS_MESSAGES,
  type ConfigListItem,
  type ConfigView,
  type Omgeving,
} from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDiscardGuard } from '@/components/discard-guard/use-discard-guard';
import { useNotify } from '@/components/notifications/notify-context';
import { SidePanel } from '@/components/side-panel/side-panel';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { ApiCallError } from '@/lib/api-client';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { getConfigQueryOptions, useConfig } from '../api/get-config';
import { searchConfigsQueryOptions } from '../api/search-configs';
import { useUpdateConfig } from '../api/update-config';
import { ConfigFormFields } from '../form/config-form-fields';
import { configFormResolver, configInputOf, formValuesOf } from '../form/config-form-values';
import { ConformityLine } from '@/components/conformity/conformity-line';
import { titleIn } from './use-omgeving';
import { WebhookSecretSection } from './webhook-secret-section';

interface ConfigPanelProps {
  omgeving: Omgeving;
  /** The row whose configuration is shown; none closes the panel. */
  row: ConfigListItem | undefined;
  onClose: () => void;
}

/**
 * The configuration of a row, editable exactly when the server would take the save
 * (`mayWriteConfig`, and only the pair's newest version) and read-only otherwise. A click beside it or Escape asks before typed input
 * is thrown away.
 */
export function ConfigPanel({ omgeving, row, onClose }: ConfigPanelProps) {
  // The last row stays on screen while the panel slides away.
  const [shown, setShown] = useState(row);
  if (row && row !== shown) setShown(row);
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const { dismiss, question } = useDiscardGuard(dirty, close);
  return (
    <>
      <SidePanel
        open={Boolean(row)}
        title={
          shown ? titleIn(omgeving, LABELS.configs.panelTitle(shown.deelnemer, shown.versienummer, shown.draft)) : ''
        }
        onClose={close}
        onDismiss={dismiss}
      >
        {row && <ConfigPanelContent omgeving={omgeving} row={row} onSaved={close} onDirtyChange={setDirty} />}
      </SidePanel>
      {question}
    </>
  );
}

interface ContentProps {
  omgeving: Omgeving;
  row: ConfigListItem;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function ConfigPanelContent({ omgeving, row, onSaved, onDirtyChange }: ContentProps) {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const { deelnemer, versienummer, version, draft } = row;
  const { data, error, isFetching, refetch } = useConfig(omgeving, { deelnemer, versienummer, version, draft });
  if (!data) {
    // A failed fetch is said here only ('Fout bij ophalen configuratie'), read out as it appears.
    if (error && !isFetching) {
      return <LoadErrorState announce title={ERROR_TITLES.fetchConfig} error={error} onRetry={() => void refetch()} />;
    }
    return <CenteredSpinner />;
  }
  const editable = mayWriteConfig({ permissions, deelnemer: user?.deelnemer }, deelnemer);
  const readOnlyNote = !permissions.canCreateDraft
    ? LABELS.configForm.readOnly
    : !editable
      ? LABELS.configForm.readOnlyOtherParticipant
      : data.newer && CONCURRENCY_TEXTS.olderVersion(data.newer.version, data.newer.draft);
  return (
    <>
      <ConfigEditForm
        // The configuration fetched again (after a conflict) starts a fresh form.
        key={`${data.version}-${data.updated}`}
        omgeving={omgeving}
        config={data}
        readOnlyNote={readOnlyNote}
        onSaved={onSaved}
        onDirtyChange={onDirtyChange}
      />
      {/* The receiver's signing secret belongs to the pair, not to this version (decision 0061). */}
      <WebhookSecretSection omgeving={omgeving} configKey={{ deelnemer, versienummer }} mayIssue={editable} />
    </>
  );
}

interface ConfigEditFormProps {
  omgeving: Omgeving;
  config: ConfigView;
  /** Set when the user may not save this configuration: the form is read-only and says why. */
  readOnlyNote: string | undefined;
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function ConfigEditForm({ omgeving, config, readOnlyNote, onSaved, onDirtyChange }: ConfigEditFormProps) {
  const readOnly = readOnlyNote !== undefined;
  const { notifyError, notifySuccess } = useNotify();
  const queryClient = useQueryClient();
  const mutation = useUpdateConfig(omgeving);
  // The server's 409: someone else changed it since it was loaded (decision 0025).
  const [conflict, setConflict] = useState<string>();
  const form = useForm({
    resolver: configFormResolver(false),
    mode: 'onTouched',
    defaultValues: formValuesOf(config),
  });
  const { isValid, isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  // The save settles once the lists on screen have refetched (decision 0022), and the refetched
  // configuration replaces this form (its key) before then: a callback given to `mutate` would go
  // with the replaced form, unheard. The promise of `mutateAsync` is kept whatever is on screen.
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({
        deelnemer: config.deelnemer,
        versienummer: config.versienummer,
        config: configInputOf(values),
        basedOn: { version: config.version, updated: config.updated },
      });
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 409) setConflict(error.detail ?? error.message);
      notifyError(ERROR_TITLES.updateConfig, error);
      return;
    }
    notifySuccess(SUCCESS_MESSAGES.configUpdated);
    onSaved();
  });
  // Fetches this configuration and the environment's lists again: a changed configuration replaces the form.
  // The button goes with its alert: focus moves to the form first, or it would fall out of the
  // panel and Escape (which asks before throwing away the input) would not reach it.
  const formRef = useRef<HTMLFormElement>(null);
  const reload = () => {
    formRef.current?.focus();
    setConflict(undefined);
    void queryClient.invalidateQueries({ queryKey: getConfigQueryOptions(omgeving).queryKey });
    void queryClient.invalidateQueries({ queryKey: searchConfigsQueryOptions(omgeving).queryKey });
  };

  return (
    <Box component="form" ref={formRef} tabIndex={-1} onSubmit={submit} noValidate sx={{ outline: 'none' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {LABELS.configs.version(config.version)} · {LABELS.configs.updated}: {formatDateTime(config.updated)}
      </Typography>
      <ConformityLine deelnemer={config.deelnemer} versienummer={config.versienummer} />
      {readOnlyNote && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {readOnlyNote}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {CONCURRENCY_TEXTS.reload}
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <ConfigFormFields form={form} readOnly={readOnly} secretSet={config.config.clientSecretSet} />
      {!readOnly && (
        <Box
          sx={{
            position: 'sticky',
            // Above the outlined fields' floating labels, which sit at z-index 1.
            zIndex: 2,
            bottom: -16,
            mx: -2,
            mt: 2,
            px: 2,
            py: 1.5,
            display: 'flex',
            justifyContent: 'flex-end',
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || mutation.isPending}
            loading={mutation.isPending}
          >
            {LABELS.configForm.save}
          </Button>
        </Box>
      )}
    </Box>
  );
}
