import { DRAWER_WIDTH_PX } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useId, type ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface SidePanelProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** A click beside the panel or Escape; the close button calls `onClose`. Defaults to `onClose`. */
  onDismiss?: () => void;
  children?: ReactNode;
}

const FOCUS_RING = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 };

/** The right-hand panel that shows one row of a list (a message, a configuration). */
export function SidePanel({ open, title, onClose, onDismiss = onClose, children }: SidePanelProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onDismiss}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: DRAWER_WIDTH_PX, maxWidth: '100vw' },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton aria-label={LABELS.common.close} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      {/* A body that scrolls is reachable by keyboard, so a long message can be read without a mouse. */}
      <Box tabIndex={0} sx={{ p: 2, overflow: 'auto', flex: 1, '&:focus-visible': FOCUS_RING }}>
        {children}
      </Box>
    </Drawer>
  );
}
