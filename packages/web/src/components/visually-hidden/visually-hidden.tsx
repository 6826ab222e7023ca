import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Text for screen readers only: what the eye reads from colour, an icon or an indent, said in
 * words (decision 0026). It stays in the accessibility tree and takes no room on screen.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        padding: 0,
        margin: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}
