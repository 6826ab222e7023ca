import type { WaardenlijstRow } from '@knooppunt/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { RowMenu, type RowMenuItem } from '@/components/row-menu/row-menu';
import { LABELS } from '@/lib/texts';

interface WaardenlijstRowMenuProps {
  row: WaardenlijstRow;
  onDelete: (row: WaardenlijstRow) => void;
}

const ITEMS: readonly RowMenuItem<'delete'>[] = [
  { action: 'delete', label: LABELS.waardenlijsten.delete, icon: <DeleteOutlinedIcon fontSize="small" /> },
];

/** The row menu of a list the user may change: 'Verwijderen'. Clicks in it do not open the row's list. */
export function WaardenlijstRowMenu({ row, onDelete }: WaardenlijstRowMenuProps) {
  return (
    <RowMenu
      label={LABELS.common.forRow(LABELS.waardenlijsten.options, LABELS.waardenlijsten.listName(row))}
      tooltip={LABELS.waardenlijsten.options}
      items={ITEMS}
      onAction={() => onDelete(row)}
    />
  );
}
