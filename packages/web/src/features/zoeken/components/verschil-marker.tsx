import type { Verschil } from '@knooppunt/domain';
import Tooltip from '@mui/material/Tooltip';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import ChangeCircleIcon from '@mui/icons-material/ChangeCircle';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import { LABELS } from '@/lib/texts';

const MARKERS = {
  toegevoegd: { Icon: AddCircleIcon, color: 'success' },
  gewijzigd: { Icon: ChangeCircleIcon, color: 'warning' },
  verwijderd: { Icon: RemoveCircleIcon, color: 'error' },
} as const;

/** What a compared row is: added (green plus), changed (orange) or removed (red); nothing when equal. */
export function VerschilMarker({ verschil }: { verschil: Verschil | null | undefined }) {
  if (!verschil) return null;
  const { Icon, color } = MARKERS[verschil];
  const label = LABELS.zoeken.verschillen[verschil];
  return (
    <Tooltip title={label}>
      <Icon color={color} fontSize="small" titleAccess={label} sx={{ verticalAlign: 'middle' }} />
    </Tooltip>
  );
}
