import { TERMIJN_TEXTS, type OpdrachtHistory, type OpdrachtTermijn, type TermijnStand } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { FactList, type Fact } from '@/components/fact-list/fact-list';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

const T = LABELS.opdrachten.historie;
const M = LABELS.monitoring;

/** A part of the history under its own heading: a region a screen reader can jump to. */
export function HistorySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} sx={{ gap: 1, mb: 3 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The order as it is now, as its row in the list shows it, and a little more. */
export function HistoryHeader({ history }: { history: OpdrachtHistory }) {
  const hoofdnet = history.flow === 'hoofdnet';
  const facts: (Fact | false)[] = [
    [
      M.status,
      <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span>{history.statusText}</span>
        {history.inError && <Chip size="small" color="error" label={T.inError} />}
      </Stack>,
    ],
    hoofdnet && history.planStatusText !== null && [T.planStatus, history.planStatusText],
    hoofdnet && history.type !== null && [M.type, history.type],
    [M.opdrachtgever, history.opdrachtgever],
    [M.opdrachtnemer, history.opdrachtnemer],
    [M.versienummer, history.versienummer],
    [M.created, formatDateTime(history.created)],
    [M.changed, formatDateTime(history.changed)],
  ];
  return (
    <Stack sx={{ mb: 3 }}>
      <FactList centred facts={facts.filter((fact) => fact !== false)} />
    </Stack>
  );
}

/** The Hoofdnet order's leveringen, oldest first. */
export function HistoryLeveringen({ leveringen }: { leveringen: OpdrachtHistory['leveringen'] }) {
  if (leveringen.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {T.geenLeveringen}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={T.leveringen}>
      <TableHead>
        <TableRow>
          <TableCell>{LABELS.leveringen.leveringId}</TableCell>
          <TableCell>{M.type}</TableCell>
          <TableCell>{M.status}</TableCell>
          <TableCell>{M.changed}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {leveringen.map((levering) => (
          <TableRow key={levering.leveringId}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{levering.leveringId}</TableCell>
            <TableCell>{levering.type}</TableCell>
            <TableCell>{levering.statusText}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(levering.changed)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The manual actions from the audit log, oldest first, each with the messages it concerned. */
export function HistoryActies({ history }: { history: OpdrachtHistory }) {
  if (history.acties.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {T.geenActies}
      </Typography>
    );
  }
  const typeOf = new Map(history.berichten.map((bericht) => [bericht.id, bericht.type]));
  return (
    <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {history.acties.map((actie, index) => {
        const types = actie.berichten.map((id) => typeOf.get(id)).filter((type) => type !== undefined);
        return (
          <ListItem
            key={`${actie.at}-${index}`}
            divider={index < history.acties.length - 1}
            sx={{ display: 'block', py: 1 }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="span">
                {actie.actionText}
              </Typography>
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {formatDateTime(actie.at)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {actie.actingFor ? `${actie.actor} (${LABELS.auditlog.namens(actie.actingFor)})` : actie.actor}
            </Typography>
            {types.length > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {T.betreft(types.join(', '))}
              </Typography>
            )}
            {actie.toelichting && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {actie.toelichting}
              </Typography>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

const STAND_COLORS: Record<TermijnStand, 'warning' | 'success' | 'default'> = {
  loopt: 'default',
  verlopen: 'warning',
  'op tijd': 'success',
  'te laat': 'warning',
  vervallen: 'default',
};

/** Each start of one of the netbeheerder's deadlines, oldest first: when it ends and how it went. */
export function HistoryTermijnen({ termijnen }: { termijnen: readonly OpdrachtTermijn[] }) {
  return (
    <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {termijnen.map((termijn, index) => (
        <ListItem
          key={`${termijn.termijnId}-${termijn.van.berichtId}`}
          divider={index < termijnen.length - 1}
          sx={{ display: 'block', py: 1 }}
        >
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography variant="subtitle2" component="span">
              {termijn.omschrijving}
            </Typography>
            <Chip size="small" color={STAND_COLORS[termijn.stand]} label={TERMIJN_TEXTS.stand[termijn.stand]} />
          </Stack>
          <FactList
            facts={[
              [T.gestart, formatDateTime(termijn.van.at)],
              [T.uiterlijk, formatDateTime(termijn.uiterlijk)],
              [T.beantwoord, termijn.tot ? formatDateTime(termijn.tot.at) : T.nietBeantwoord],
            ]}
          />
        </ListItem>
      ))}
    </List>
  );
}
