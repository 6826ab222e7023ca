import { CONFIG_TEXTS, type ConfigListItem, type Omgeving } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SidePanel } from '@/components/side-panel/side-panel';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { useSenderLog } from '../api/get-sender-log';
import { titleIn } from './use-omgeving';

interface SenderLogPanelProps {
  omgeving: Omgeving;
  row: ConfigListItem | undefined;
  onClose: () => void;
}

/** 'Log van verzendproces voor …': every change of the sender, newest first. */
export function SenderLogPanel({ omgeving, row, onClose }: SenderLogPanelProps) {
  // The last row stays on screen while the panel slides away.
  const [shown, setShown] = useState(row);
  if (row && row !== shown) setShown(row);
  return (
    <SidePanel
      open={Boolean(row)}
      title={shown ? titleIn(omgeving, LABELS.senderLog.title(shown.deelnemer, shown.versienummer)) : ''}
      onClose={onClose}
    >
      {row && <SenderLogTable omgeving={omgeving} deelnemer={row.deelnemer} versienummer={row.versienummer} />}
    </SidePanel>
  );
}

function SenderLogTable(props: { omgeving: Omgeving; deelnemer: string; versienummer: string }) {
  const { omgeving, deelnemer, versienummer } = props;
  const { data: entries, error, isFetching, refetch } = useSenderLog(omgeving, { deelnemer, versienummer });
  if (!entries) {
    // A failed fetch is said here only, read out as it appears.
    if (error && !isFetching) {
      return (
        <LoadErrorState announce title={LABELS.senderLog.fetchFailed} error={error} onRetry={() => void refetch()} />
      );
    }
    return <CenteredSpinner />;
  }
  if (entries.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{LABELS.senderLog.empty}</Typography>
    );
  }
  return (
    <Table size="small" aria-label={LABELS.senderLog.title(deelnemer, versienummer)}>
      <TableHead>
        <TableRow>
          <TableCell>{LABELS.senderLog.date}</TableCell>
          <TableCell>{LABELS.senderLog.status}</TableCell>
          <TableCell align="right">{LABELS.senderLog.version}</TableCell>
          <TableCell align="right">{LABELS.senderLog.maxMessages}</TableCell>
          <TableCell align="right">{LABELS.senderLog.maxPerSecond}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry, index) => (
          <TableRow key={`${entry.date}-${index}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.date)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={entry.running ? 'success' : 'info'}
                label={entry.running ? CONFIG_TEXTS.chipActive : CONFIG_TEXTS.chipPaused}
              />
            </TableCell>
            <TableCell align="right">{entry.version}</TableCell>
            <TableCell align="right">{entry.maxMessages}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {entry.maxPerSecond === 0 ? CONFIG_TEXTS.noRateLimit : entry.maxPerSecond}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
