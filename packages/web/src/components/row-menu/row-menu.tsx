import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState, type ReactNode } from 'react';

export interface RowMenuItem<A extends string> {
  action: A;
  label: string;
  icon: ReactNode;
}

interface RowMenuProps<A extends string> {
  /** The button's accessible name: 'Opties <the row>'. */
  label: string;
  /** Shown on hover; none when the button's name says enough. */
  tooltip?: string;
  items: readonly RowMenuItem<A>[];
  onAction: (action: A) => void;
}

/**
 * A row's '⋮' menu of a list: its actions, each closing the menu. Clicks and keys inside it stay
 * here, so a row that opens on a click does not open as well.
 */
export function RowMenu<A extends string>({ label, tooltip, items, onAction }: RowMenuProps<A>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = (
    <IconButton
      size="small"
      // Keeps the rows with a menu as low as those without.
      sx={{ my: -0.75 }}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={anchor ? 'true' : undefined}
      onClick={(event) => setAnchor(event.currentTarget)}
    >
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
  return (
    <span onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      {tooltip ? <Tooltip title={tooltip}>{button}</Tooltip> : button}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => (
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
