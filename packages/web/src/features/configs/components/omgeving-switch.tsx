import { OMGEVING_LABELS, OMGEVINGEN, type Omgeving } from '@knooppunt/domain';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LABELS } from '@/lib/texts';

interface OmgevingSwitchProps {
  value: Omgeving;
  onChange: (omgeving: Omgeving) => void;
}

/** 'Productie' or 'Test': whose configurations the screen shows and changes. */
export function OmgevingSwitch({ value, onChange }: OmgevingSwitchProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      // On the paper, in the text colour: the default grey on the page's background is too faint (WCAG AA).
      sx={{ bgcolor: 'background.paper', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
      aria-label={LABELS.configs.omgeving}
      // Choosing the current environment again gives null: the screen stays where it is.
      onChange={(_event, next: Omgeving | null) => next !== null && next !== value && onChange(next)}
    >
      {OMGEVINGEN.map((omgeving) => (
        <ToggleButton key={omgeving} value={omgeving} color={omgeving === 'test' ? 'info' : 'primary'} sx={{ px: 2 }}>
          {OMGEVING_LABELS[omgeving]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
