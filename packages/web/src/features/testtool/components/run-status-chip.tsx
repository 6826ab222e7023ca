import type { RunStatus } from '@knooppunt/domain';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { LABELS } from '@/lib/texts';

/** The colour repeats what the label says; each passes the contrast the house checks with axe. */
const LOOK: Record<RunStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  lopend: { color: 'primary', variant: 'outlined' },
  geslaagd: { color: 'success', variant: 'filled' },
  mislukt: { color: 'error', variant: 'filled' },
  gestopt: { color: 'default', variant: 'outlined' },
};

/** A run's status in words: Lopend, Geslaagd, Mislukt or Gestopt. */
export function RunStatusChip({ status }: { status: RunStatus }) {
  return <Chip size="small" label={LABELS.testtool.statuses[status]} {...LOOK[status]} />;
}
