import type { User } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PhonelinkEraseOutlinedIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import ReplayOutlinedIcon from '@mui/icons-material/ReplayOutlined';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import { useId, useState, type ReactElement } from 'react';
import { LABELS } from '@/lib/texts';

export type UserAction = 'block' | 'unblock' | 'reinvite' | 'unlock' | 'resetSecondFactor' | 'remove';

const T = LABELS.gebruikers.userActions;

const ICONS: Record<UserAction, ReactElement> = {
  block: <BlockIcon fontSize="small" />,
  unblock: <ReplayOutlinedIcon fontSize="small" />,
  reinvite: <ScheduleSendOutlinedIcon fontSize="small" />,
  unlock: <LockOpenOutlinedIcon fontSize="small" />,
  resetSecondFactor: <PhonelinkEraseOutlinedIcon fontSize="small" />,
  remove: <DeleteOutlinedIcon fontSize="small" />,
};

/**
 * What the menu offers for this user, as the server takes it: a new invitation only to a user
 * without a password who is not blocked, and only with the embedded provider (`invitations`);
 * 'Ontgrendelen' only while locked; 'Tweede stap resetten' only for a user with one.
 */
export function userActionsOf(user: User, invitations: boolean): UserAction[] {
  return [
    user.geblokkeerd ? 'unblock' : 'block',
    ...(invitations && !user.wachtwoordIngesteld && !user.geblokkeerd ? (['reinvite'] as const) : []),
    ...(user.vergrendeld ? (['unlock'] as const) : []),
    ...(user.tweedeStap ? (['resetSecondFactor'] as const) : []),
    'remove',
  ];
}

interface UserRowMenuProps {
  user: User;
  invitations: boolean;
  onAction: (action: UserAction, user: User) => void;
}

/** A user's other actions beside 'Wijzigen rollen', named with the user (decision 0026). */
export function UserRowMenu({ user, invitations, onAction }: UserRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title={T.menu}>
        <IconButton
          aria-label={LABELS.common.forRow(T.menu, user.email)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {userActionsOf(user, invitations).map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, user);
            }}
          >
            <ListItemIcon>{ICONS[action]}</ListItemIcon>
            <ListItemText>{T[action].label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
