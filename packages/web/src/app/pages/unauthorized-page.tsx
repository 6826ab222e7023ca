import { TITLES, UNAUTHORIZED_TEXT } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { useDocumentTitle } from '@/components/page/document-title';

export function UnauthorizedPage() {
  useDocumentTitle(TITLES.unauthorized);
  return (
    <Box sx={{ textAlign: 'center', px: 2, py: 10 }}>
      <BlockIcon color="error" sx={{ fontSize: 56, mb: 2 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        {TITLES.unauthorized}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{UNAUTHORIZED_TEXT}</Typography>
    </Box>
  );
}
