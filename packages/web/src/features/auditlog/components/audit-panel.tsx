import { auditActionLabel, auditSubjectLabel, type AuditEntryView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { SidePanel } from '@/components/side-panel/side-panel';
import { formatDateTime } from '@/lib/dates';
import { FactList } from '@/components/fact-list/fact-list';
import { LABELS } from '@/lib/texts';
import { auditDiff, type AuditChange } from './audit-diff';

const T = LABELS.auditlog;

/** Colour only repeats what the 'Wijziging' column says in words. */
const CHANGE_COLOUR: Record<AuditChange, string> = {
  gewijzigd: 'text.primary',
  toegevoegd: 'success.dark',
  verwijderd: 'error.dark',
};

const VALUE_SX = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', verticalAlign: 'top' } as const;

interface AuditPanelProps {
  entry: AuditEntryView | undefined;
  onClose: () => void;
}

/** The right-hand panel of an audit entry: who, when, what, and before against after field by field. */
export function AuditPanel({ entry, onClose }: AuditPanelProps) {
  // The last entry stays on screen while the panel slides away.
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry);
  return (
    <SidePanel
      open={Boolean(entry)}
      title={shown ? T.panelTitle(auditActionLabel(shown.action), shown.subjectId) : ''}
      onClose={onClose}
    >
      {shown && <AuditEntryDetails entry={shown} />}
    </SidePanel>
  );
}

function AuditEntryDetails({ entry }: { entry: AuditEntryView }) {
  const diff = auditDiff(entry.before, entry.after);
  const facts: [string, string][] = [
    [T.wanneer, formatDateTime(entry.at)],
    [T.wie, entry.actingFor ? `${entry.actor} (${T.namens(entry.actingFor)})` : entry.actor],
    [T.deelnemer, entry.actorDeelnemer ?? '—'],
    // The code too: it is what the server writes and what logs and support speak of.
    [T.actie, `${auditActionLabel(entry.action)} (${entry.action})`],
    [T.onderwerp, T.subject(auditSubjectLabel(entry.subjectType), entry.subjectId)],
  ];
  return (
    <>
      <FactList facts={facts} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {T.differenceTitle}
      </Typography>
      {diff.rows.length === 0 ? (
        <Typography variant="body2">{T.noChanges}</Typography>
      ) : (
        <Table size="small" aria-label={T.differenceTitle} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '32%' }}>{T.veld}</TableCell>
              <TableCell sx={{ width: '17%' }}>{T.wijziging}</TableCell>
              <TableCell>{T.voor}</TableCell>
              <TableCell>{T.na}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {diff.rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell sx={{ ...VALUE_SX, overflowWrap: 'break-word' }}>
                  <DottedKey name={row.key} />
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top', color: CHANGE_COLOUR[row.change], fontWeight: 500 }}>
                  {T.changes[row.change]}
                </TableCell>
                <TableCell sx={VALUE_SX}>{row.before ?? <EmptyValue />}</TableCell>
                <TableCell sx={VALUE_SX}>{row.after ?? <EmptyValue />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {diff.unchanged > 0 && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {T.unchanged(diff.unchanged)}
        </Typography>
      )}
    </>
  );
}

/** A dotted key that a narrow column breaks after a dot, not inside a name. */
function DottedKey({ name }: { name: string }) {
  const parts = name.split('.');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

function EmptyValue() {
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'inherit', fontStyle: 'italic' }}>
      {T.empty}
    </Box>
  );
}
