import { flowOf, urlGroups, type Side } from '@knooppunt/domain';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { LABELS } from '@/lib/texts';
import { useValuelists } from '../api/get-valuelists';
import {
  groupField,
  SIDES_OF_VIEW,
  sidesInOrder,
  sidesToShow,
  URL_VIEWS,
  type ConfigFormValues,
  type UrlView,
} from './config-form-values';

interface UrlFieldsProps {
  form: UseFormReturn<ConfigFormValues>;
  readOnly: boolean;
}

/**
 * 'Toon inputs voor' and the callback URL per message type, grouped by the side that receives it;
 * an aannemer's own group (opdrachtnemer) first.
 */
export function UrlFields({ form, readOnly }: UrlFieldsProps) {
  const { control, trigger } = form;
  const [view, versienummer, deelnemer] = useWatch({ control, name: ['view', 'versienummer', 'deelnemer'] });
  const { data: valuelists } = useValuelists();
  const { errors, touchedFields } = useFormState({ control, name: ['urls', 'view'] });
  const groups = urlGroups(flowOf(versienummer));
  // The none-or-all rule spans a group: it is checked whenever one of its fields is left, or the view changes.
  const checkGroups = () => void trigger(SIDES_OF_VIEW.alle.map(groupField));
  // A group shown for its error stays until the view changes, so fixing its last field does not
  // pull it away under the user's hands.
  const [revealed, setRevealed] = useState<readonly Side[]>([]);
  const withErrors = sidesToShow(view, versienummer, errors.urls);
  const newlyRevealed = withErrors.filter((side) => !SIDES_OF_VIEW[view].includes(side) && !revealed.includes(side));
  if (newlyRevealed.length) setRevealed([...revealed, ...newlyRevealed]);
  const shownSides = sidesInOrder(valuelists?.aannemers.includes(deelnemer) ?? false).filter(
    (side) => withErrors.includes(side) || revealed.includes(side),
  );

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
              setRevealed([]);
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
      {shownSides.map((side) => {
        const groupError = errors.urls?.[side]?.message;
        const headingId = `url-group-${side}`;
        return (
          <Stack key={side} component="section" aria-labelledby={headingId} sx={{ gap: 1.5 }}>
            <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {LABELS.configForm.urlGroups[side]}
            </Typography>
            {!SIDES_OF_VIEW[view].includes(side) && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
                {LABELS.configForm.shownForError}
              </Typography>
            )}
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
