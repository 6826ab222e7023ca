import type { WaardenlijstRow } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState } from 'react';
import { LABELS } from '@/lib/texts';

interface WaardenlijstRowMenuProps {
  row: WaardenlijstRow;
  onDelete: (row: WaardenlijstRow) => void;
}

/** The row menu of a list the user may change: 'Verwijderen'. */
export function WaardenlijstRowMenu({ row, onDelete }: WaardenlijstRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    // Clicks in the menu do not open the row's list.
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={LABELS.waardenlijsten.options}>
        <IconButton
          size="small"
          // Keeps the rows with a menu as low as those without.
          sx={{ my: -0.75 }}
          aria-label={LABELS.common.forRow(LABELS.waardenlijsten.options, LABELS.waardenlijsten.listName(row))}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDelete(row);
          }}
        >
          <ListItemIcon>
            <DeleteOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{LABELS.waardenlijsten.delete}</ListItemText>
        </MenuItem>
      </Menu>
    </span>
  );
}
