import type { Termijn } from '@knooppunt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { RowMenu, type RowMenuItem } from '@/components/row-menu/row-menu';
import { LABELS } from '@/lib/texts';

const T = LABELS.termijnen;

export type TermijnAction = 'edit' | 'delete';

const ITEMS: readonly RowMenuItem<TermijnAction>[] = [
  { action: 'edit', label: T.edit, icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'delete', label: T.delete, icon: <DeleteOutlinedIcon fontSize="small" /> },
];

/** The row menu of a deadline the user may change: Wijzigen, Verwijderen. */
export function TermijnRowMenu({ termijn, onAction }: { termijn: Termijn; onAction: (action: TermijnAction) => void }) {
  return (
    <RowMenu
      label={LABELS.common.forRow(T.options, termijn.omschrijving)}
      tooltip={T.options}
      items={ITEMS}
      onAction={onAction}
    />
  );
}
