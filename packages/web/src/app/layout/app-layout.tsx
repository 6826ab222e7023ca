import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { LABELS } from '@/lib/texts';
import { NavDrawer } from './nav-drawer';
import { TopBar } from './top-bar';

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  // A screen's chunk is fetched on first visit; show that something is happening meanwhile.
  const navigating = useNavigation().state === 'loading';

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar onMenuClick={() => setMenuOpen(true)} />
      <Box sx={{ height: 4 }}>
        {navigating && <LinearProgress color="secondary" aria-label={LABELS.common.loading} />}
      </Box>
      <NavDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
