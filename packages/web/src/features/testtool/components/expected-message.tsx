import { MESSAGE_INDENT, wachttijd, type ExpectedMessage } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LABELS } from '@/lib/texts';
import { CodeBlock } from './code-block';
import { isMessageType } from './compose-draft';

const T = LABELS.testtool.verwacht;

/**
 * 'Verwacht van uw systeem': the message the run waits for, and the fields its step asks for;
 * 'Samenstellen' puts it in the composer, to be checked and sent from the portal.
 */
export function ExpectedMessageBox({
  verwacht,
  stepTimeoutSeconds,
  onCompose,
}: {
  verwacht: ExpectedMessage;
  stepTimeoutSeconds: number;
  onCompose: (verwacht: ExpectedMessage) => void;
}) {
  const titleId = useId();
  const helperId = useId();
  const facts: [string, string][] = [
    [T.type, verwacht.type],
    [T.versienummer, verwacht.versienummer],
    [LABELS.testtool.report.opdrachtId, verwacht.opdrachtId],
  ];
  const hasFields = Object.keys(verwacht.data).length > 0;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        border: 2,
        borderColor: 'warning.main',
        borderRadius: 1,
        bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08),
        p: 2,
      }}
    >
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {T.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {T.intro(wachttijd(stepTimeoutSeconds))}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" component="p" sx={{ mt: 1.5, mb: 0.5 }}>
        {hasFields ? `${T.velden}:` : T.geenVelden}
      </Typography>
      {hasFields && <CodeBlock>{JSON.stringify(verwacht.data, null, MESSAGE_INDENT)}</CodeBlock>}
      {isMessageType(verwacht.type) && (
        <Stack direction="row" sx={{ mt: 1.5, gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" aria-describedby={helperId} onClick={() => onCompose(verwacht)}>
            {T.compose}
          </Button>
          <Typography id={helperId} variant="body2" sx={{ flex: 1, minWidth: 200 }}>
            {T.composeHelper}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
