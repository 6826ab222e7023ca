import { PLATFORM_TEXTS, type PlatformState } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { FactList } from '@/components/fact-list/fact-list';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { formatCount, LABELS } from '@/lib/texts';
import { formatDateTime } from '@/lib/dates';
import { usePlatform } from '../api/get-platform';
import { PlatformMails } from './platform-mails';
import { PlatformProcesses } from './platform-processes';

const T = LABELS.platform;

/**
 * 'Platform' on the Overzicht (issue 29 item 3, decision 0045): Knooppunt's own state for its
 * operator, the super role only. Its open alerts first, then the database and the mail outbox, the
 * processes and the oldest waiting mails, each of which can be sent again.
 */
export function PlatformSection() {
  const query = usePlatform();
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ mt: 3, p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {PLATFORM_TEXTS.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {query.isPending ? (
        <CenteredSpinner />
      ) : query.isError ? (
        <LoadErrorState
          title={T.loadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <PlatformOverview platform={query.data} now={query.dataUpdatedAt} />
      )}
    </Paper>
  );
}

function PlatformOverview({ platform, now }: { platform: PlatformState; now: number }) {
  const { database, mail } = platform;
  return (
    <Stack sx={{ gap: 3 }}>
      <Part title={T.meldingen}>
        <Meldingen meldingen={platform.meldingen} />
      </Part>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 3 }}>
        <Part title={T.database}>
          <FactList
            centred
            facts={[
              [T.soort, database.soort],
              [
                T.bereikbaar,
                <Chip
                  key="bereikbaar"
                  size="small"
                  label={database.bereikbaar ? LABELS.common.yes : LABELS.common.no}
                  color={database.bereikbaar ? 'success' : 'error'}
                />,
              ],
            ]}
          />
        </Part>
        <Part title={T.mail}>
          <FactList
            facts={[
              [T.verzenden, mail.aan ? T.mailAan : T.mailUit],
              [T.wachtend, formatCount(mail.wachtend)],
              [T.opnieuw, formatCount(mail.opnieuw)],
              [T.meldingenAan, mail.operatorAdressen.length > 0 ? mail.operatorAdressen.join(', ') : T.geenOperator],
            ]}
          />
        </Part>
      </Box>
      <Part title={T.processen} caption={T.processenUitleg}>
        <PlatformProcesses processen={platform.processen} now={now} />
      </Part>
      <Part title={T.oudsteMails}>
        <PlatformMails mails={mail.oudste} />
      </Part>
    </Stack>
  );
}

/** One part of the section under its own heading. */
function Part({ title, caption, children }: { title: string; caption?: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: caption ? 0 : 1 }}>
        {title}
      </Typography>
      {caption && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 1 }}>
          {caption}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function Meldingen({ meldingen }: { meldingen: PlatformState['meldingen'] }) {
  if (meldingen.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.geenMeldingen}
      </Typography>
    );
  }
  return (
    // A list, not alerts: read on every refresh, an open alert is no news to announce.
    <Stack component="ul" aria-label={T.meldingen} sx={{ gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {meldingen.map((melding) => (
        <li key={melding.soort}>
          <Alert severity="error" role="none">
            <AlertTitle>
              {T.meldingSinds(T.soorten[melding.soort] ?? melding.soort, formatDateTime(melding.sinds))}
            </AlertTitle>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {melding.tekst}
            </Box>
          </Alert>
        </li>
      ))}
    </Stack>
  );
}
