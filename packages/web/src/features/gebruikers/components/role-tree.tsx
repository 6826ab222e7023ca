import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { LABELS } from '@/lib/texts';
import type { RoleTree as RoleTreeData } from '../api/search-roles';

interface RoleTreeProps {
  groups: RoleTreeData['items'];
  /** The role the list is filtered on, or ''. */
  selected: string;
  onSelect: (role: string) => void;
}

/** The roles grouped by organisation type (spec 001 §2.7); a click on a role filters the list by it. */
export function RoleTree({ groups, selected, onSelect }: RoleTreeProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (type: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  return (
    // The navigation holds a list: its groups are list items, and so are the roles in each group.
    <Box component="nav" aria-label={LABELS.gebruikers.roleTree}>
      <List dense disablePadding>
        {groups
          .filter((group) => group.roles.length > 0)
          .map((group) => {
            // The group of the chosen role stays open, so the choice is always in sight.
            const expanded = open.has(group.organisatieType) || group.roles.some((role) => role.name === selected);
            return (
              <ListItem key={group.organisatieType} disablePadding sx={{ display: 'block' }}>
                <ListItemButton onClick={() => toggle(group.organisatieType)} aria-expanded={expanded}>
                  <ListItemText primary={group.organisatieType} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                  {expanded ? <ExpandLess /> : <ExpandMore />}
                </ListItemButton>
                <Collapse in={expanded} unmountOnExit>
                  <List dense disablePadding>
                    {group.roles.map((role) => (
                      <ListItem key={role.id} disablePadding>
                        <ListItemButton
                          selected={role.name === selected}
                          aria-current={role.name === selected ? 'true' : undefined}
                          onClick={() => onSelect(role.name)}
                          sx={{ pl: 4 }}
                        >
                          <ListItemText
                            primary={role.name}
                            slotProps={{
                              primary: { sx: { color: role.optional ? 'text.secondary' : 'text.primary' } },
                            }}
                          />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </Collapse>
              </ListItem>
            );
          })}
      </List>
    </Box>
  );
}
