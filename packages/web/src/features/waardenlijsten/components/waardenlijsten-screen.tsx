import { mayMakeRules, PAGE_SIZE, TITLES, WAARDENLIJST_SORT_FIELDS, type WaardenlijstRow } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { Page } from '@/components/page/page';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useLookup } from '../api/get-lookup';
import { useSearchWaardenlijsten } from '../api/search-waardenlijsten';
import { mayEditWaardenlijst } from '../may-edit';
import { CreateWaardenlijstDialog } from './create-waardenlijst-dialog';
import { useDeleteConfirmation } from './use-delete-confirmation';
import { WaardenlijstFilters } from './waardenlijst-filters';
import { WaardenlijstRowMenu } from './waardenlijst-row-menu';

const FILTER_DEFAULTS = { netbeheerder: '', discipline: '' };

const column = (id: 'netbeheerder' | 'discipline' | 'berichtVersie'): DataTableColumn<WaardenlijstRow> => ({
  id,
  label: LABELS.waardenlijsten[id],
  sortable: true,
  render: (row) => row[id],
});

/** 'Overzicht van alle waardenlijsten' (spec 001 §2.4): every netbeheerder's lists. */
export function WaardenlijstenScreen() {
  const permissions = usePermissions();
  const user = useCurrentUser();
  const location = useLocation();
  const [creating, setCreating] = useState(false);
  const { data: lookup } = useLookup();
  // Lists are made by a netbeheerder's editors, or a super-role user acting for one (decision 0029).
  const mayCreate = lookup !== undefined && mayMakeRules(permissions, user?.deelnemer, lookup.netbeheerders);
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: WAARDENLIJST_SORT_FIELDS,
    defaultSort: { sortBy: 'netbeheerder', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.waardenlijsten,
  });
  const search = useSearchWaardenlijsten({
    ...list.filters,
    skip: list.skip,
    limit: list.limit,
    sortBy: list.sortBy,
    sortDirection: list.sortDirection,
  });
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const deletion = useDeleteConfirmation();

  const columns: readonly DataTableColumn<WaardenlijstRow>[] = [
    column('netbeheerder'),
    column('discipline'),
    column('berichtVersie'),
    // Only for those who may change some list (who may make them): others would see an empty column.
    ...(mayCreate
      ? [
          {
            id: 'options',
            label: LABELS.waardenlijsten.options,
            align: 'right',
            render: (row) =>
              mayEditWaardenlijst(permissions, user, row) && <WaardenlijstRowMenu row={row} onDelete={deletion.ask} />,
          } satisfies DataTableColumn<WaardenlijstRow>,
        ]
      : []),
  ];

  return (
    <Page
      title={TITLES.waardenlijsten}
      actions={
        mayCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {LABELS.waardenlijsten.newWaardenlijst}
          </Button>
        )
      }
    >
      <Paper variant="outlined">
        <WaardenlijstFilters draft={filters} />
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.waardenlijsten}
          columns={columns}
          getRowId={(row) => row._id}
          // The list's filters, sort and page go along, so 'back' returns to the same list.
          getRowLink={(row) => ({
            to: `/waardenlijst/${encodeURIComponent(row._id)}`,
            state: { search: location.search },
          })}
          getRowLabel={LABELS.waardenlijsten.listName}
        />
      </Paper>
      <CreateWaardenlijstDialog open={creating} onClose={() => setCreating(false)} />
      {deletion.dialog}
    </Page>
  );
}
