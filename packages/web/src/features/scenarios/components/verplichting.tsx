import { VERPLICHTINGEN, type Verplichting } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LABELS } from '@/lib/texts';

const COLOURS = { '': 'default', Ja: 'success', Nee: 'error' } as const;

/** An obligation as read: 'Ja' (required), 'Nee' (forbidden) or 'Optioneel' (''). */
export function VerplichtingChip({ value }: { value: Verplichting }) {
  return (
    <Chip
      size="small"
      label={LABELS.scenarios.verplichtingen[value]}
      color={COLOURS[value]}
      variant={value === '' ? 'outlined' : 'filled'}
      sx={{ minWidth: 76 }}
    />
  );
}

interface VerplichtingChoiceProps {
  label: string;
  value: Verplichting;
  disabled: boolean;
  onChange: (value: Verplichting) => void;
}

/** The three obligations of a node to choose from in edit mode. */
export function VerplichtingChoice({ label, value, disabled, onChange }: VerplichtingChoiceProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      disabled={disabled}
      aria-label={LABELS.scenarios.verplichtingOf(label)}
      // Choosing the current value again gives null: the node keeps its obligation.
      onChange={(_event, next: Verplichting | null) => next !== null && next !== value && onChange(next)}
    >
      {VERPLICHTINGEN.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          color={COLOURS[option] === 'default' ? 'standard' : COLOURS[option]}
          sx={{ px: 1.5, py: 0.25 }}
        >
          {LABELS.scenarios.verplichtingen[option]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
