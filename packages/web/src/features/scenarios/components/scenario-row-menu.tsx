import type { ScenarioRow } from '@knooppunt/domain';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { RowMenu, type RowMenuItem } from '@/components/row-menu/row-menu';
import { LABELS } from '@/lib/texts';

export type RowAction = 'edit' | 'copy' | 'delete';

const ITEMS: readonly RowMenuItem<RowAction>[] = [
  { action: 'edit', label: LABELS.scenarios.edit, icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'copy', label: LABELS.scenarios.copy, icon: <ContentCopyIcon fontSize="small" /> },
  { action: 'delete', label: LABELS.scenarios.delete, icon: <DeleteOutlinedIcon fontSize="small" /> },
];

/** The row menu of an editor's own concept: Wijzigen, Kopieren, Verwijderen. */
export function ScenarioRowMenu({ row, onAction }: { row: ScenarioRow; onAction: (action: RowAction) => void }) {
  return <RowMenu label={`${LABELS.scenarios.options} ${row.omschrijving}`} items={ITEMS} onAction={onAction} />;
}
