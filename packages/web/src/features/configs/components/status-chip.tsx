import { senderChip, type ConfigListItem } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** The sender's state of a row: newest and running, running behind, paused, or no sender yet. */
export function StatusChip({ row }: { row: ConfigListItem }) {
  const { label, color, tooltip } = senderChip(row);
  const chip = <Chip size="small" label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
  return tooltip ? <Tooltip title={tooltip}>{chip}</Tooltip> : chip;
}
