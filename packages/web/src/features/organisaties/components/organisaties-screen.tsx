import { PAGE_SIZE, TITLES, type Organisation } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { useCallback, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { Page } from '@/components/page/page';
import { TRUNCATE, TruncatedText } from '@/components/data-table/truncated-text';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { useUserManagementPolicy } from '@/lib/auth/use-user-management-policy';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { searchBodyOf, useListParams } from '@/lib/use-list-params';
import { useUrlParam } from '@/lib/use-url-param';
import { useAllOrganisations, useSearchOrganisations } from '../api/search-organisations';
import { CreateOrganisationDialog } from './create-organisation-dialog';
import { DeactivatedChip } from './deactivated-chip';
import { OrganisationFilters } from './organisation-filters';
import { OrganisationPanel } from './organisation-panel';
import { panelRights } from './panel-rights';
import { hasClientsLink, SystemClientsLink } from './system-clients-link';

const FILTER_DEFAULTS = { organisatie: '', type: '' };
const NO_ORGANISATIONS: readonly Organisation[] = [];
const SORT_FIELDS = ['organisatie', 'type'] as const;

/**
 * Every row as high as one with the 'Gedeactiveerd' chip (24 px) or the clients button: rows with
 * them do not stand out, nor move the rows below (issue 33).
 */
const ROW_SX = { height: 37 };

const COLUMNS: readonly DataTableColumn<Organisation>[] = [
  {
    id: 'organisatie',
    label: LABELS.organisaties.organisatie,
    sortable: true,
    // A deactivated organisation says so beside its name: also in the name of its row's button.
    // The name is the list's own subject: as wide as the delegerenden, so no demo name is cut.
    render: (row) => (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}>
        <TruncatedText maxWidth={2 * TRUNCATE.text}>{row.organisatie}</TruncatedText>
        {!row.actief && <DeactivatedChip />}
      </Box>
    ),
  },
  { id: 'type', label: LABELS.organisaties.type, sortable: true, render: (row) => row.type },
  {
    id: 'delegerenden',
    label: LABELS.organisaties.delegerenden,
    truncate: 2 * TRUNCATE.text,
    render: (row) => row.metadata.delegerenden?.join(', '),
  },
];

export function OrganisatiesScreen() {
  const permissions = usePermissions();
  const user = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: SORT_FIELDS,
    defaultSort: { sortBy: 'organisatie', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.organisaties,
  });
  const filters = useFilterDraft(list);
  const search = useSearchOrganisations(searchBodyOf(list));
  // The open organisation is in the URL (`?open=`), so its panel can be bookmarked and shared.
  const [openName, setOpenName] = useUrlParam('open');
  const onPage = search.data?.items.find((row) => row.organisatie === openName);
  // A user manager needs to know whether its organisation is one of the operator's, and links
  // from every organisation; an organisation opened from the URL may be on another page.
  const elsewhere = openName !== undefined && search.data !== undefined && !onPage;
  const all = useAllOrganisations(permissions.canCreateUser || elsewhere);
  const policy = useUserManagementPolicy(all.data);
  const open = onPage ?? all.data?.find((row) => row.organisatie === openName);
  const rightsOf = useCallback(
    (organisation: Organisation) => panelRights(organisation, user?.deelnemer || undefined, permissions, policy),
    [user?.deelnemer, permissions, policy],
  );
  const actionsColumn: DataTableColumn<Organisation> = {
    id: 'acties',
    label: LABELS.organisaties.actions,
    render: (row) =>
      hasClientsLink(row, user, permissions.canSeeAllParticipants) && (
        <SystemClientsLink organisatie={row.organisatie} />
      ),
  };

  return (
    <Page
      title={TITLES.organisaties}
      actions={
        policy.mayCreateOrganisations && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {LABELS.organisaties.newOrganisation}
          </Button>
        )
      }
    >
      <Paper variant="outlined">
        <OrganisationFilters draft={filters} />
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.organisaties}
          columns={permissions.canManageClients ? [...COLUMNS, actionsColumn] : COLUMNS}
          getRowId={(row) => row.organisatie}
          getRowSx={() => ROW_SX}
          onRowClick={(row) => setOpenName(row.organisatie)}
        />
      </Paper>
      <OrganisationPanel
        organisation={open}
        rightsOf={rightsOf}
        organisations={all.data ?? NO_ORGANISATIONS}
        onClose={() => setOpenName(undefined)}
      />
      <CreateOrganisationDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}
