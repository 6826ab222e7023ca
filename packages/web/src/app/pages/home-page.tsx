import { TITLES } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function HomePage() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', px: 2 }}>
      <Typography variant="h3" component="h1" sx={{ color: 'primary.main', fontWeight: 600, textAlign: 'center' }}>
        {TITLES.welcome}
      </Typography>
    </Box>
  );
}
