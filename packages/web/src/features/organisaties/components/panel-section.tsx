import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface PanelSectionProps {
  title: string;
  /** Beside the title: the section's own action ('Koppelen'). */
  action?: ReactNode;
  /** Its data is still loading. */
  loading?: boolean;
  children?: ReactNode;
}

/** A titled part of the organisation's panel, named by its title for assistive technology. */
export function PanelSection({ title, action, loading = false, children }: PanelSectionProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 36, mb: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 500 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {loading ? <LinearProgress aria-label={LABELS.common.loading} /> : children}
    </Box>
  );
}
