import { flowOf, urlGroups } from '@knooppunt/domain';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { LABELS } from '@/lib/texts';
import { groupField, SIDES_OF_VIEW, URL_VIEWS, type ConfigFormValues, type UrlView } from './config-form-values';

interface UrlFieldsProps {
  form: UseFormReturn<ConfigFormValues>;
  readOnly: boolean;
}

/** 'Toon inputs voor' and the callback URL per message type, grouped by the side that receives it. */
export function UrlFields({ form, readOnly }: UrlFieldsProps) {
  const { control, trigger } = form;
  const [view, versienummer] = useWatch({ control, name: ['view', 'versienummer'] });
  const { errors, touchedFields } = useFormState({ control, name: ['urls', 'view'] });
  const groups = urlGroups(flowOf(versienummer));
  // The none-or-all rule spans a group: it is checked whenever one of its fields is left, or the view changes.
  const checkGroups = () => void trigger(SIDES_OF_VIEW.alle.map(groupField));

  return (
    <Stack sx={{ gap: 2 }}>
      <Controller
        control={control}
        name="view"
        render={({ field }) => (
          <TextField
            {...field}
            select
            label={LABELS.configForm.view}
            sx={{ maxWidth: 280 }}
            onChange={(event) => {
              field.onChange(event.target.value as UrlView);
              if (touchedFields.urls) checkGroups();
            }}
          >
            {URL_VIEWS.map((option) => (
              <MenuItem key={option} value={option}>
                {LABELS.configForm.views[option]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {SIDES_OF_VIEW[view].map((side) => {
        const groupError = errors.urls?.[side]?.message;
        const headingId = `url-group-${side}`;
        return (
          <Stack key={side} component="section" aria-labelledby={headingId} sx={{ gap: 1.5 }}>
            <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {LABELS.configForm.urlGroups[side]}
            </Typography>
            {groupError && (
              <FormHelperText error sx={{ mt: -1 }}>
                {groupError}
              </FormHelperText>
            )}
            {groups[side].map((type) => (
              <Controller
                key={type}
                control={control}
                name={`urls.${type}`}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    label={type}
                    disabled={readOnly}
                    fullWidth
                    type="url"
                    error={fieldState.invalid || Boolean(groupError)}
                    helperText={fieldState.error?.message}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      if (groupError) checkGroups();
                    }}
                    onBlur={() => {
                      field.onBlur();
                      checkGroups();
                    }}
                  />
                )}
              />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
