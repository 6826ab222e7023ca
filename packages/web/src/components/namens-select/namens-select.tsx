import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LoadErrorState } from '@/components/status/error-state';
import type { Namens } from '@/lib/namens/use-namens';
import { LABELS } from '@/lib/texts';

/** What the select says on a screen: whose what it chooses, and what it means to have no one. */
export interface NamensTexts {
  helper: string;
  none: string;
}

interface NamensSelectProps {
  namens: Namens;
  texts: NamensTexts;
}

/** The 'Namens' select of an implementation partner's user, or why there is nothing to choose. */
export function NamensSelect({ namens, texts }: NamensSelectProps) {
  const { links, choices } = namens;
  if (links.error) {
    return (
      <LoadErrorState
        title={LABELS.actingFor.fetchFailed}
        error={links.error}
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  }
  if (links.isSuccess && choices.length === 0) {
    return (
      <Alert severity="info" sx={{ maxWidth: 960 }}>
        {texts.none}
      </Alert>
    );
  }
  return (
    <TextField
      select
      required
      label={LABELS.actingFor.label}
      helperText={texts.helper}
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
