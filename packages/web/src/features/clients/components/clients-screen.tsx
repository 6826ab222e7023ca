import { PAGE_SIZE, SYSTEM_CLIENT_TEXTS, TITLES, ERROR_TITLES } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Page } from '@/components/page/page';
import { alertContentOf } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useListParams } from '@/lib/use-list-params';
import { useClients } from '../api/get-clients';
import { ClientActions } from './client-actions';
import { clientColumns } from './client-columns';
import { ConnectionPanel } from './connection-panel';
import { CreateClientDialog } from './create-client-dialog';
import { IssuedSecretDialog, type Issued } from './issued-secret-dialog';
import { OrganisationPicker } from './organisation-picker';
import { CLIENT_SORT_FIELDS, sortClients } from './sort-clients';
import { useClientActions } from './use-client-actions';

const FILTER_DEFAULTS = { organisatie: '' };

/**
 * 'Systeemclients': an organisation's system clients (client credentials for /api/v1) and how to
 * connect. The super role sees every organisation's and narrows them to one with the organisation
 * filter (kept in the URL as `?organisatie=`, where the Organisaties screen's row action leads), which
 * it chooses before making a client; anyone else manages its own organisation's.
 */
export function ClientsScreen() {
  const permissions = usePermissions();
  const everyOrganisation = permissions.canSeeAllParticipants;
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: CLIENT_SORT_FIELDS,
    defaultSort: { sortBy: 'aangemaakt', sortDirection: 'desc' },
    pageSize: PAGE_SIZE.systemClients,
  });
  const organisatie = list.filters.organisatie || null;
  // The super role without a chosen organisation: every organisation's clients.
  const allOrganisations = everyOrganisation && organisatie === null;
  const { data, error, isFetching } = useClients(organisatie);
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<Issued>();
  const actions = useClientActions(data?.verbinding, (result) => setIssued({ kind: 'rotated', issued: result }));

  const columns = clientColumns(
    (client) => <ClientActions client={client} onRotate={actions.rotate} onRevoke={actions.revoke} />,
    { withOrganisation: allOrganisations },
  );
  const sorted = useMemo(
    () => sortClients(data?.items ?? [], list.sortBy, list.sortDirection),
    [data, list.sortBy, list.sortDirection],
  );
  const page = { items: sorted.slice(list.skip, list.skip + list.limit), count: sorted.length };
  const mayCreate = data !== undefined && !data.verbinding.extern && !error;

  return (
    <Page
      title={TITLES.systemClients}
      actions={
        mayCreate && (
          // A client is made for one organisation: the super role chooses it in the filter first.
          <Tooltip title={allOrganisations ? LABELS.clients.chooseOrganisation : ''}>
            <span>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                disabled={allOrganisations}
                onClick={() => setCreating(true)}
              >
                {LABELS.clients.newClient}
              </Button>
            </span>
          </Tooltip>
        )
      }
    >
      <Stack sx={{ gap: 2 }}>
        {everyOrganisation ? (
          <OrganisationPicker value={organisatie} onChange={(name) => list.setFilters({ organisatie: name ?? '' })} />
        ) : (
          data && (
            <Typography sx={{ color: 'text.secondary' }}>
              {LABELS.clients.organisatie}: <strong>{data.organisatie}</strong>
            </Typography>
          )
        )}
        {error ? (
          <LoadError
            error={error}
            otherOrganisation={!everyOrganisation && organisatie !== null}
            onOwnOrganisation={() => list.setFilters({ organisatie: '' })}
          />
        ) : (
          <>
            {data?.verbinding.extern && (
              <Alert severity="info">
                {SYSTEM_CLIENT_TEXTS.external} {LABELS.clients.externalClaim(data.verbinding.deelnemerClaim)}
              </Alert>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                // minmax(0, …): a wide table scrolls inside its column instead of widening the page.
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 340px' },
              }}
            >
              <Paper variant="outlined">
                <DataTable
                  list={list}
                  query={{ data: data && page, isFetching }}
                  label={TITLES.systemClients}
                  columns={columns}
                  getRowId={(row) => row.clientId}
                  wrapHeaders
                />
              </Paper>
              {data && <ConnectionPanel verbinding={data.verbinding} />}
            </Box>
          </>
        )}
      </Stack>
      <CreateClientDialog
        open={creating}
        organisatie={organisatie ?? undefined}
        onClose={() => setCreating(false)}
        onCreated={(result) => setIssued({ kind: 'created', issued: result })}
      />
      <IssuedSecretDialog value={issued} onClose={() => setIssued(undefined)} />
      {actions.confirmDialog}
    </Page>
  );
}

/** The list could not be loaded: shown where the list would be, as it leaves nothing else to show. */
function LoadError(props: { error: Error; otherOrganisation: boolean; onOwnOrganisation: () => void }) {
  const { message, detail } = alertContentOf(props.error);
  const refused = props.otherOrganisation && props.error instanceof ApiCallError && props.error.status === 403;
  return (
    <Alert
      severity="error"
      action={
        refused && (
          <Button color="inherit" size="small" onClick={props.onOwnOrganisation}>
            {LABELS.clients.ownOrganisation}
          </Button>
        )
      }
    >
      <AlertTitle>{ERROR_TITLES.fetchSystemClients}</AlertTitle>
      {message}
      {detail && <Typography variant="body2">{detail}</Typography>}
      {refused && <Typography variant="body2">{SYSTEM_CLIENT_TEXTS.otherOrganisation}</Typography>}
    </Alert>
  );
}
