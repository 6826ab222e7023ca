import type { PlatformState } from '@knooppunt/domain';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { alpha } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { formatDateTime, formatRelative } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

const T = LABELS.platform;

/** A process writes its heartbeat every 30 s by default: after 2 minutes it missed several. */
const SILENT_AFTER_MS = 2 * 60_000;

/** The Knooppunt processes seen in the last 15 minutes; one silent for 2 minutes stands out. */
export function PlatformProcesses({ processen, now }: { processen: PlatformState['processen']; now: number }) {
  if (processen.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.geenProcessen}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={T.processen}>
        <TableHead>
          <TableRow>
            <TableCell>{T.naam}</TableCell>
            <TableCell>{T.rol}</TableCell>
            <TableCell>{T.gestart}</TableCell>
            <TableCell>{T.laatstGezien}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {processen.map((proces) => {
            const silent = now - Date.parse(proces.laatstGezien) > SILENT_AFTER_MS;
            return (
              <TableRow
                key={proces.naam}
                data-silent={silent || undefined}
                sx={silent ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08) } : undefined}
              >
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{proces.naam}</TableCell>
                <TableCell>{T.rollen[proces.rol] ?? proces.rol}</TableCell>
                <TableCell>
                  <DateTimeCell value={proces.gestart} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                    {silent && <WarningAmberIcon fontSize="small" color="warning" titleAccess={T.nietGezien} />}
                    <span>{formatRelative(proces.laatstGezien)}</span>
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(proces.laatstGezien)}
                  </Typography>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
