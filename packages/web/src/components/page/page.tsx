import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title';

interface PageProps {
  title: string;
  /** Buttons on the right of the heading, such as 'Nieuwe …'. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: its heading (also the browser tab's title), its actions, then its content. */
export function Page({ title, actions, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1600, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" sx={{ gap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}
