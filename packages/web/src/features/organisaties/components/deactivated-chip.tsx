import Chip from '@mui/material/Chip';
import { LABELS } from '@/lib/texts';

/** Marks a deactivated organisation, in its row and its panel; a span, so it may sit in the row's button. */
export function DeactivatedChip() {
  return (
    <Chip
      component="span"
      size="small"
      color="error"
      variant="outlined"
      label={LABELS.organisaties.activation.gedeactiveerd}
    />
  );
}
