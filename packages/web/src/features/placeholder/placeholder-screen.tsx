import { TITLES } from '@knooppunt/domain';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Page } from '@/components/page/page';

/** Stands in for a screen that is not built yet, so its route, guard and menu link can be used already. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{TITLES.notYetAvailable}</Typography>
      </Paper>
    </Page>
  );
}
