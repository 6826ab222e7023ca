import { ERROR_TITLES, SUCCESS_MESSAGES, type ConfigListItem, type ConfigView } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNotify } from '@/components/notifications/notify-context';
import { SidePanel } from '@/components/side-panel/side-panel';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { usePermissions } from '@/lib/auth/current-user';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useConfig } from '../api/get-config';
import { useUpdateConfig } from '../api/update-config';
import { ConfigFormFields } from '../form/config-form-fields';
import { configFormResolver, configInputOf, formValuesOf } from '../form/config-form-values';

interface ConfigPanelProps {
  /** The row whose configuration is shown; none closes the panel. */
  row: ConfigListItem | undefined;
  onClose: () => void;
}

/** The configuration of a row, editable with the create-draft right and read-only otherwise. */
export function ConfigPanel({ row, onClose }: ConfigPanelProps) {
  // The last row stays on screen while the panel slides away.
  const [shown, setShown] = useState(row);
  if (row && row !== shown) setShown(row);
  return (
    <SidePanel
      open={Boolean(row)}
      title={shown ? LABELS.configs.panelTitle(shown.deelnemer, shown.versienummer, shown.draft) : ''}
      onClose={onClose}
    >
      {row && <ConfigPanelContent row={row} onSaved={onClose} />}
    </SidePanel>
  );
}

function ConfigPanelContent({ row, onSaved }: { row: ConfigListItem; onSaved: () => void }) {
  const { canCreateDraft } = usePermissions();
  const { deelnemer, versienummer, version, draft } = row;
  const { data } = useConfig({ deelnemer, versienummer, version, draft });
  // A failed fetch shows its own alert ('Fout bij ophalen configuratie').
  if (!data) return <CenteredSpinner />;
  return <ConfigEditForm config={data} readOnly={!canCreateDraft} onSaved={onSaved} />;
}

interface ConfigEditFormProps {
  config: ConfigView;
  readOnly: boolean;
  onSaved: () => void;
}

function ConfigEditForm({ config, readOnly, onSaved }: ConfigEditFormProps) {
  const { notifyError, notifySuccess } = useNotify();
  const mutation = useUpdateConfig();
  const form = useForm({
    resolver: configFormResolver(false),
    mode: 'onTouched',
    defaultValues: formValuesOf(config),
  });
  const { isValid } = form.formState;

  const submit = form.handleSubmit((values) =>
    mutation.mutate(
      { deelnemer: config.deelnemer, versienummer: config.versienummer, config: configInputOf(values) },
      {
        onSuccess: () => {
          notifySuccess(SUCCESS_MESSAGES.configUpdated);
          onSaved();
        },
        onError: (error) => notifyError(ERROR_TITLES.updateConfig, error),
      },
    ),
  );

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {LABELS.configs.version(config.version)} · {LABELS.configs.updated}: {formatDateTime(config.updated)}
      </Typography>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LABELS.configForm.readOnly}
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
