import { KOPPELEN_PATH, type ConnectionInfo } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LABELS } from '@/lib/texts';
import { CopyableValue } from '@/components/copyable-value/copyable-value';

/** Minutes a token lives, rounded up: 'at most N minutes' must not promise less than the truth. */
export const tokenMinutes = (verbinding: ConnectionInfo) =>
  Math.max(1, Math.ceil(verbinding.tokenLevensduurSeconden / 60));

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** 'Verbinding': what a participant's developer needs to connect its system to /api/v1, and where the guide is. */
export function ConnectionPanel({ verbinding }: { verbinding: ConnectionInfo }) {
  const titleId = useId();
  const { clients } = LABELS;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {clients.connection}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {clients.connectionIntro}
      </Typography>
      <Stack sx={{ gap: 1.5 }}>
        <CopyableValue
          label={verbinding.extern ? clients.discovery : clients.tokenEndpoint}
          text={verbinding.tokenEndpoint}
        />
        {!verbinding.extern && <Fact label={clients.grant} value={clients.grantValue} note={clients.grantNote} />}
        <Fact label={clients.audience} value={verbinding.audience} />
        <Fact label={clients.issuer} value={verbinding.issuer} />
        <Fact label={clients.deelnemerClaim} value={verbinding.deelnemerClaim} />
        <Fact label={clients.systeemClaim} value={`${verbinding.systeemClaim}: ${verbinding.systeemClaimWaarde}`} />
        {!verbinding.extern && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {clients.graceHours(verbinding.respijtUren)} {clients.tokenLifetime(tokenMinutes(verbinding))}
          </Typography>
        )}
      </Stack>
      {/* The guide is a page of the server, not of the portal: a plain link, in a tab of its own. */}
      <Link href={KOPPELEN_PATH} target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-block', mt: 2 }}>
        {clients.koppelen}
      </Link>
    </Paper>
  );
}
