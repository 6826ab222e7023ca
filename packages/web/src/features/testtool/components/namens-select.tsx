import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LoadErrorState } from '@/components/status/error-state';
import { LABELS } from '@/lib/texts';
import type { useNamens } from './use-namens';

const T = LABELS.testtool.namens;

/** The 'Namens' select of an implementation partner's user, or why there is nothing to choose. */
export function NamensSelect({ namens }: { namens: ReturnType<typeof useNamens> }) {
  const { links, choices } = namens;
  if (links.error) {
    return (
      <LoadErrorState
        title={T.fetchFailed}
        error={links.error}
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  }
  if (links.isSuccess && choices.length === 0) {
    return (
      <Alert severity="info" sx={{ maxWidth: 960 }}>
        {T.none}
      </Alert>
    );
  }
  return (
    <TextField
      select
      required
      label={T.label}
      helperText={T.helper}
      value={namens.namens ?? ''}
      onChange={(event) => namens.setNamens(event.target.value)}
      disabled={choices.length === 0}
      sx={{ width: 480, maxWidth: '100%' }}
    >
      {choices.map((deelnemer) => (
        <MenuItem key={deelnemer} value={deelnemer}>
          {deelnemer}
        </MenuItem>
      ))}
    </TextField>
  );
}
