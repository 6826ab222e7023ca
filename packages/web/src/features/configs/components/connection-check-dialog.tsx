import {
  CHECK_TOKEN_URL,
  CONFIG_TEXTS,
  ERROR_TITLES,
  flowOf,
  urlGroups,
  type ConfigListItem,
  type ConnectionCheck,
  type Omgeving,
  type Side,
} from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useCheckConnection } from '../api/check-connection';
import { CheckResultItem } from './check-result-item';
import { titleIn } from './use-omgeving';

/** The answer's one map (tokenUrl and each message type); an absent entry was not checked. */
type CheckResults = ConnectionCheck['results'];

const SIDES: readonly Side[] = ['opdrachtgever', 'opdrachtnemer'];

// After a failed call no token was fetched: the token URL row fails, the callbacks were not called
// (spec 000 §8; decision 0057). The toast says why, so the row repeats no detail.
const TOKEN_NOT_REACHED: CheckResults = {
  [CHECK_TOKEN_URL]: { success: false, message: CONFIG_TEXTS.tokenNotReached, details: [] },
};

/** Starts a check of a row's configuration version and holds what the dialog shows. */
export function useConnectionCheck(omgeving: Omgeving) {
  const { notifyError } = useNotify();
  const check = useCheckConnection(omgeving);
  const [row, setRow] = useState<ConfigListItem>();
  const start = (target: ConfigListItem) => {
    setRow(target);
    const { deelnemer, versienummer, version, draft } = target;
    check.mutate(
      { deelnemer, versienummer, version, draft },
      { onError: (error) => notifyError(ERROR_TITLES.checkConnection, error) },
    );
  };
  const dialog: ConnectionCheckDialogProps = {
    omgeving,
    row,
    results: check.isError ? TOKEN_NOT_REACHED : check.data?.results,
    onClose: () => {
      setRow(undefined);
      check.reset();
    },
  };
  return { start, dialog };
}

interface ConnectionCheckDialogProps {
  omgeving: Omgeving;
  /** The checked row; none closes the dialog. */
  row: ConfigListItem | undefined;
  /** Undefined while the server is still checking. */
  results: CheckResults | undefined;
  onClose: () => void;
}

/** 'Resultaten verbindingcontrole': a progress bar while the server checks, then one line per URL. */
export function ConnectionCheckDialog({ omgeving, row, results, onClose }: ConnectionCheckDialogProps) {
  const titleId = useId();
  const groups = row ? urlGroups(flowOf(row.versienummer)) : undefined;
  return (
    <Dialog open={Boolean(row)} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{titleIn(omgeving, LABELS.connectionCheck.title)}</DialogTitle>
      {row && groups && (
        // Many results scroll: the body is reachable by keyboard, so every line can be read without a mouse.
        <DialogContent
          dividers
          tabIndex={0}
          sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {LABELS.configs.panelTitle(row.deelnemer, row.versienummer, row.draft)} ·{' '}
            {LABELS.configs.version(row.version)}
          </Typography>
          {!results ? (
            <LinearProgress aria-label={LABELS.common.loading} sx={{ my: 3 }} />
          ) : (
            <List disablePadding aria-label={LABELS.connectionCheck.title}>
              <CheckResultItem label={LABELS.connectionCheck.tokenUrl} result={results[CHECK_TOKEN_URL]} />
              {SIDES.map((side) => [
                <ListSubheader key={side} disableGutters sx={{ lineHeight: '32px', mt: 1 }}>
                  {LABELS.configForm.urlGroups[side]}
                </ListSubheader>,
                ...groups[side].map((type) => <CheckResultItem key={type} label={type} result={results[type]} />),
              ])}
            </List>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{LABELS.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
