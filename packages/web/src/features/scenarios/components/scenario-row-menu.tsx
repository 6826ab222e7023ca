import type { ScenarioRow } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState, type ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

export type RowAction = 'edit' | 'copy' | 'delete';

const ITEMS: readonly { action: RowAction; label: string; icon: ReactNode }[] = [
  { action: 'edit', label: LABELS.scenarios.edit, icon: <EditOutlinedIcon fontSize="small" /> },
  { action: 'copy', label: LABELS.scenarios.copy, icon: <ContentCopyIcon fontSize="small" /> },
  { action: 'delete', label: LABELS.scenarios.delete, icon: <DeleteOutlinedIcon fontSize="small" /> },
];

/** The row menu of an editor's own concept: Wijzigen, Kopieren, Verwijderen. */
export function ScenarioRowMenu({ row, onAction }: { row: ScenarioRow; onAction: (action: RowAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    // Clicks on the menu do not open the scenario.
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <IconButton
        size="small"
        aria-label={`${LABELS.scenarios.options} ${row.omschrijving}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ITEMS.map((item) => (
          <MenuItem
            key={item.action}
            onClick={() => {
              setAnchor(null);
              onAction(item.action);
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </span>
  );
}
