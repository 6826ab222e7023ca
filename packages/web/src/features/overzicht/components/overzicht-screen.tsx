import { OVERZICHT_TEXTS, type Overzicht, type OverzichtEntry } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { usePermissions } from '@/lib/auth/current-user';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useOverzicht } from '../api/get-overzicht';
import { CHART_WIDTH, DeliveryChart } from './delivery-chart';
import { berichtenPath, formatAge, formatLatency, formatWaiting, uitvalPath } from './format';
import { PlatformSection } from './platform-section';

const T = OVERZICHT_TEXTS;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * 'Overzicht' (issue 22 item 3, decision 0036): the home page of the monitoring rights. Per receiver
 * configuration its state, queue, 24 hours of deliveries and failures, p95 latency and open alert;
 * links open Berichten and Uitval of its flow filtered on the receiver.
 */
export function OverzichtScreen() {
  const query = useOverzicht();
  const permissions = usePermissions();
  return (
    <Page title={T.title}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {query.isPending ? (
        <CenteredSpinner />
      ) : query.isError ? (
        <LoadErrorState title={T.laadFout} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <OverzichtTable overzicht={query.data} now={query.dataUpdatedAt} />
      )}
      {permissions.canSeeAllParticipants && <PlatformSection />}
    </Page>
  );
}

function OverzichtTable({ overzicht, now }: { overzicht: Overzicht; now: number }) {
  if (overzicht.entries.length === 0) return <Alert severity="info">{T.geenOntvangers}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={T.title}>
        <TableHead>
          <TableRow>
            <TableCell>{T.ontvanger}</TableCell>
            <TableCell>{T.status}</TableCell>
            <TableCell align="right">{T.wachtend}</TableCell>
            <TableCell>{T.oudsteWachtend}</TableCell>
            <TableCell sx={{ width: CHART_WIDTH + 32 }}>
              {T.grafiek}
              <Typography variant="caption" component="div" color="text.secondary">
                {T.per5Minuten}
              </Typography>
              <ChartLegend />
            </TableCell>
            <TableCell align="right">
              <Tooltip title={T.p95Uitleg}>
                <span>{T.p95}</span>
              </Tooltip>
            </TableCell>
            <TableCell>{T.openen}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overzicht.entries.map((entry) => (
            <OverzichtRow
              key={`${entry.receiver} ${entry.versienummer}`}
              entry={entry}
              overzicht={overzicht}
              now={now}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The two colours of the chart, with where each is drawn: colour is not the only cue. */
function ChartLegend() {
  return (
    <Stack direction="row" sx={{ gap: 1.5 }}>
      {(
        [
          ['success.main', T.legendaAfgeleverd],
          ['error.main', T.legendaMislukt],
        ] as const
      ).map(([color, text]) => (
        <Typography key={text} variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center' }}>
          <Box component="span" aria-hidden sx={{ width: 8, height: 8, mr: 0.5, bgcolor: color }} />
          {text}
        </Typography>
      ))}
    </Stack>
  );
}

function OverzichtRow({ entry, overzicht, now }: { entry: OverzichtEntry; overzicht: Overzicht; now: number }) {
  const permissions = usePermissions();
  const flow = LABELS.menu.sections[entry.flow];
  const [delivered, failed] = [sum(entry.delivered), sum(entry.failed)];
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.receiver}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {flow} · {entry.versienummer}
        </Typography>
        {entry.alert && (
          <Alert severity="error" sx={{ mt: 1, py: 0 }}>
            {T.storingSinds(formatDateTime(entry.alert.since))}:{' '}
            {entry.alert.reason === 'failures' ? T.redenFailures : T.redenSilence}
            {entry.alert.lastError && (
              <Typography variant="caption" component="div">
                {entry.alert.lastError}
              </Typography>
            )}
          </Alert>
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={entry.running ? T.actief : T.gepauzeerd}
          // Paused in grey, outlined: the theme's info blue under white or as text is too light (axe).
          color={entry.running ? 'success' : 'default'}
          variant={entry.running ? 'filled' : 'outlined'}
        />
        <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
          {T.limieten(entry.maxMessages, entry.maxPerSecond)}
        </Typography>
      </TableCell>
      <TableCell align="right">{formatWaiting(entry)}</TableCell>
      <TableCell>{entry.oldestWaiting ? formatAge(entry.oldestWaiting, now) : T.geenWachtend}</TableCell>
      <TableCell>
        <DeliveryChart
          entry={entry}
          from={overzicht.from}
          slotMinutes={overzicht.slotMinutes}
          label={`${T.grafiekNaam(entry.receiver, flow)}. ${T.grafiekSamenvatting(delivered, failed)}`}
        />
        <Typography variant="caption" color="text.secondary">
          {T.grafiekSamenvatting(delivered, failed)}
        </Typography>
      </TableCell>
      <TableCell align="right">
        {entry.p95Ms === null ? T.geenAfleveringen : formatLatency(entry.p95Ms, entry.p95IsLowerBound)}
      </TableCell>
      <TableCell>
        <Stack sx={{ gap: 0.5 }}>
          {permissions.canViewMonitoring && (
            <Link
              component={RouterLink}
              to={berichtenPath(entry.flow, entry.receiver)}
              aria-label={T.openBerichten(entry.receiver, flow)}
            >
              {T.berichten}
            </Link>
          )}
          {permissions.canViewUitval && (
            <Link
              component={RouterLink}
              to={uitvalPath(entry.flow, entry.receiver)}
              aria-label={T.openUitval(entry.receiver, flow)}
            >
              {T.uitval}
            </Link>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
