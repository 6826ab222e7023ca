import { senderChip, type ConfigListItem } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';

/**
 * The sender's state of a row: newest and running, running behind, paused, or no sender yet. The
 * eye tells 'Actief' on the newest configuration from 'Actief' running behind by colour and a
 * tooltip on hover; a screen reader hears the tooltip's text with the label.
 */
export function StatusChip({ row }: { row: ConfigListItem }) {
  const { label, color, tooltip } = senderChip(row);
  const text = (
    <>
      {label}
      {tooltip && <VisuallyHidden>{`: ${tooltip}`}</VisuallyHidden>}
    </>
  );
  const chip = <Chip size="small" label={text} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
  // describeChild: the text is in the chip already; no aria-label on an element without a role.
  return tooltip ? (
    <Tooltip describeChild title={tooltip}>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
