import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LABELS } from '@/lib/texts';
import type { ConfigFormValues } from './config-form-values';
import { FormTextField } from '@/components/form-text-field/form-text-field';
import { UrlFields } from './url-fields';

interface ConfigFormFieldsProps {
  form: UseFormReturn<ConfigFormValues>;
  readOnly: boolean;
  /** A stored configuration whose secret is set: the field may stay empty to keep it. */
  secretSet?: boolean;
  /** Creating: the secret is required. */
  creating?: boolean;
}

/**
 * The fields of a configuration (spec 000 §2), shared by the side panel and the create dialog. The
 * credentials say whose they are: Knooppunt's at the participant's token endpoint (issue 29).
 */
export function ConfigFormFields({ form, readOnly, secretSet = false, creating = false }: ConfigFormFieldsProps) {
  const { control } = form;
  const text = { control, disabled: readOnly };
  return (
    <Stack sx={{ gap: 2 }}>
      <FormTextField
        {...text}
        name="clientId"
        label={LABELS.configForm.clientId}
        helperText={LABELS.configForm.clientIdHelper}
        required
      />
      <FormTextField
        {...text}
        name="clientSecret"
        label={LABELS.configForm.clientSecret}
        type="password"
        autoComplete="new-password"
        required={creating}
        placeholder={secretSet ? LABELS.configForm.secretPlaceholder : undefined}
        helperText={
          secretSet
            ? `${LABELS.configForm.clientSecretHelper} ${LABELS.configForm.secretSet}`
            : LABELS.configForm.clientSecretHelper
        }
        slotProps={{ inputLabel: secretSet ? { shrink: true } : undefined }}
      />
      <FormTextField
        {...text}
        name="tokenUrl"
        label={LABELS.configForm.tokenUrl}
        helperText={LABELS.configForm.tokenUrlHelper}
        type="url"
        required
      />
      <FormTextField {...text} name="scope" label={LABELS.configForm.scope} />
      <FormTextField
        {...text}
        name="emails"
        label={LABELS.configForm.emails}
        helperText={LABELS.configForm.emailsHelper}
      />
      <Controller
        control={control}
        name="useMtls"
        render={({ field }) => (
          <FormControlLabel
            label={LABELS.configForm.useMtls}
            disabled={readOnly}
            control={
              <Switch
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        )}
      />
      <Divider />
      <UrlFields form={form} readOnly={readOnly} />
    </Stack>
  );
}
