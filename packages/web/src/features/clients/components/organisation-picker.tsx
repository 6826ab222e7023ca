import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { LABELS } from '@/lib/texts';
import { useClientOrganisations } from '../api/client-organisations';

interface OrganisationPickerProps {
  value: string | null;
  onChange: (organisatie: string | null) => void;
}

const NO_OPTIONS: string[] = [];

/** For who manages every organisation's clients: the organisations whose systems exchange messages. */
export function OrganisationPicker({ value, onChange }: OrganisationPickerProps) {
  const { data, isFetching } = useClientOrganisations(true);
  const options = data ?? NO_OPTIONS;
  return (
    <Autocomplete<string>
      options={options}
      value={value}
      onChange={(_event, option) => onChange(option)}
      loading={isFetching}
      // A name in the URL that is not (yet) among the options is still shown as chosen.
      isOptionEqualToValue={(option, chosen) => option === chosen}
      sx={{ width: 360, maxWidth: '100%' }}
      renderInput={(params) => <TextField {...params} label={LABELS.clients.organisatie} />}
    />
  );
}
