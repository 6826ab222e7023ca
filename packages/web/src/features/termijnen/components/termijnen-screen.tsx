import {
  actsForNetbeheerder,
  mayChangeRulesOf,
  TERMIJN_HOLIDAY_NOTE,
  TERMIJN_TEXTS,
  type Termijn,
} from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Page } from '@/components/page/page';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useUrlParam } from '@/lib/use-url-param';
import { useLookup } from '../api/get-lookup';
import { useTermijnen } from '../api/get-termijnen';
import { DagelijkseMailSwitch } from './dagelijkse-mail-switch';
import { DeleteTermijnDialog } from './delete-termijn-dialog';
import { termijnColumns } from './termijn-columns';
import { TermijnDialog } from './termijn-dialog';
import { TermijnRowMenu } from './termijn-row-menu';

const T = LABELS.termijnen;

type Dialog = { mode: 'create' } | { mode: 'edit' | 'delete'; termijn: Termijn };

/** The netbeheerder shown first: the user's own, else the first of the list. */
function firstNetbeheerder(netbeheerders: readonly string[], deelnemer: string | undefined): string | undefined {
  return deelnemer && netbeheerders.includes(deelnemer) ? deelnemer : netbeheerders[0];
}

/**
 * 'Termijnen' (issue 32 item 6, decision 0063): a netbeheerder's deadlines between the steps of its
 * orders and its daily mail about orders past one. Everyone with access to the rules looks at any
 * netbeheerder's; its own editors, or a super-role user acting for it, change them.
 */
export function TermijnenScreen() {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const lookup = useLookup();
  // In the URL: a netbeheerder's deadlines can be bookmarked and sent to a colleague.
  const [chosen, choose] = useUrlParam('netbeheerder');
  const netbeheerders = lookup.data?.netbeheerders ?? [];
  const netbeheerder = chosen ?? firstNetbeheerder(netbeheerders, user?.deelnemer);
  const query = useTermijnen(netbeheerder);
  const mayChange = netbeheerder !== undefined && mayChangeRulesOf(permissions, user?.deelnemer, netbeheerder);
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const rows = query.data?.termijnen ?? [];
  const columns = termijnColumns(
    mayChange
      ? (termijn) => <TermijnRowMenu termijn={termijn} onAction={(mode) => setDialog({ mode, termijn })} />
      : undefined,
  );

  return (
    <Page
      title={TERMIJN_TEXTS.title}
      actions={
        mayChange && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            {T.newTermijn}
          </Button>
        )
      }
    >
      <Paper variant="outlined">
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 3, p: 2 }}>
          <TextField
            select
            label={T.netbeheerder}
            value={netbeheerder ?? ''}
            onChange={(event) => choose(event.target.value)}
            // A super-role user changes them acting for the netbeheerder chosen here (decision 0029).
            helperText={mayChange && actsForNetbeheerder(permissions) ? LABELS.namens.helper : undefined}
            sx={{ width: 280 }}
          >
            {/* A name from the URL stays shown while the list loads, or when the list lacks it. */}
            {(netbeheerder && !netbeheerders.includes(netbeheerder)
              ? [netbeheerder, ...netbeheerders]
              : netbeheerders
            ).map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          {query.data && <DagelijkseMailSwitch termijnen={query.data} mayChange={mayChange} />}
        </Stack>
        <Divider />
        <DataTable
          label={TERMIJN_TEXTS.title}
          columns={columns}
          rows={rows}
          getRowId={(termijn) => termijn.id}
          loading={lookup.isPending || query.isFetching}
          error={query.error ?? undefined}
          onRetry={() => void query.refetch()}
          emptyText={netbeheerder && T.empty(netbeheerder)}
          // Every deadline on one page: a netbeheerder has a handful.
          skip={0}
          limit={Math.max(rows.length, 1)}
          count={rows.length}
          onPageChange={() => undefined}
        />
      </Paper>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 960 }}>
        {TERMIJN_HOLIDAY_NOTE}
      </Typography>
      {netbeheerder && (
        <>
          <TermijnDialog
            open={dialog?.mode === 'create' || dialog?.mode === 'edit'}
            netbeheerder={netbeheerder}
            termijn={dialog?.mode === 'edit' ? dialog.termijn : undefined}
            onClose={close}
          />
          <DeleteTermijnDialog
            netbeheerder={netbeheerder}
            termijn={dialog?.mode === 'delete' ? dialog.termijn : undefined}
            onClose={close}
          />
        </>
      )}
    </Page>
  );
}
