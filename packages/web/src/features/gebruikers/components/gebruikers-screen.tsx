import {
  ERROR_TITLES,
  SUCCESS_MESSAGES,
  TITLES,
  USERS_PAGE_SIZE,
  deelnemerOfOrganisation,
  type User,
} from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import SyncIcon from '@mui/icons-material/Sync';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { useNotify } from '@/components/notifications/notify-context';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { searchBodyOf, useListParams } from '@/lib/use-list-params';
import { useAllOrganisations } from '../api/search-organisations';
import { useSearchRoles } from '../api/search-roles';
import { useSearchUsers } from '../api/search-users';
import { useSynchronize } from '../api/synchronize';
import { ChangeRolesDialog } from './change-roles-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { OrganisationChip } from './organisation-chip';
import { ResultAlert, type Result } from './result-alert';
import { RoleTree } from './role-tree';
import { USER_FILTER_DEFAULTS, UserFilters } from './user-filters';
import { useUserManagementPolicy } from '@/lib/auth/use-user-management-policy';

const NO_GROUPS: never[] = [];

export function GebruikersScreen() {
  const permissions = usePermissions();
  const { notifyError } = useNotify();
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<User>();
  const [result, setResult] = useState<Result>();
  // Changing a filter goes back to the first page (spec 001 §4): `setFilters` drops the page.
  const list = useListParams({ filterDefaults: USER_FILTER_DEFAULTS, pageSize: USERS_PAGE_SIZE });
  const users = useSearchUsers(searchBodyOf(list));
  const filters = useFilterDraft(list, { onRefresh: () => void users.refetch() });
  const roles = useSearchRoles();
  const organisations = useAllOrganisations();
  const synchronize = useSynchronize();
  const policy = useUserManagementPolicy(organisations.data);
  // Decision 0014: the filter offers the organisations whose users one sees, the create dialog
  // those whose users one may manage.
  const scoped = useMemo(
    () =>
      (organisations.data ?? []).map((organisation) => ({
        organisation,
        scope: { ...organisation, deelnemer: deelnemerOfOrganisation(organisation) },
      })),
    [organisations.data],
  );
  const organisationNames = useMemo(
    () => scoped.filter(({ scope }) => policy.mayView(scope)).map(({ organisation }) => organisation.organisatie),
    [scoped, policy],
  );
  const manageable = useMemo(
    () => scoped.filter(({ scope }) => policy.mayManage(scope)).map(({ organisation }) => organisation),
    [scoped, policy],
  );

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      { id: 'email', label: LABELS.gebruikers.email, truncate: TRUNCATE.email, render: (row) => row.email },
      { id: 'organisatie', label: LABELS.gebruikers.organisatie, render: (row) => <OrganisationChip user={row} /> },
      {
        id: 'roles',
        label: LABELS.gebruikers.roles,
        render: (row) => (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {row.roles.map((role) => (
              <Chip key={role.id} size="small" label={role.name} title={role.description} />
            ))}
          </Stack>
        ),
      },
      {
        id: 'actions',
        label: LABELS.gebruikers.actions,
        align: 'right',
        width: 72,
        // Not one's own roles, and only users and roles the signed-in user may manage (decision 0014).
        render: (row) =>
          policy.mayChangeRolesOf(row) && (
            <Tooltip title={LABELS.gebruikers.changeRoles}>
              <IconButton aria-label={LABELS.gebruikers.changeRolesTitle(row.email)} onClick={() => setChanging(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [policy],
  );

  const runSynchronize = () =>
    synchronize.mutate(undefined, {
      onSuccess: (report) =>
        setResult({
          title: SUCCESS_MESSAGES.synchronized,
          lines: [LABELS.gebruikers.syncSummary(report.verwijderd, report.bijgewerkt), ...report.meldingen],
        }),
      onError: (error) => notifyError(ERROR_TITLES.synchronize, error),
    });

  return (
    <Page
      title={TITLES.gebruikers}
      actions={
        <>
          {policy.maySynchronize && (
            <Button
              variant="outlined"
              startIcon={<SyncIcon />}
              onClick={runSynchronize}
              loading={synchronize.isPending}
            >
              {LABELS.gebruikers.synchronize}
            </Button>
          )}
          {permissions.canCreateUser && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {LABELS.gebruikers.newUser}
            </Button>
          )}
        </>
      }
    >
      {result && <ResultAlert result={result} onClose={() => setResult(undefined)} />}
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          <RoleTree
            groups={roles.data?.items ?? NO_GROUPS}
            selected={list.filters.roles}
            onSelect={(role) => filters.apply('roles', role)}
          />
        </Paper>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <UserFilters draft={filters} organisations={organisationNames} />
          <Divider />
          <Box>
            <DataTable
              list={list}
              query={users}
              label={TITLES.gebruikers}
              columns={columns}
              getRowId={(row) => row.userid}
            />
          </Box>
        </Paper>
      </Stack>
      <CreateUserDialog
        open={creating}
        organisations={manageable}
        policy={policy}
        onClose={() => setCreating(false)}
        onCreated={(user) =>
          setResult({ title: SUCCESS_MESSAGES.userCreated, link: user.setPasswordUrl, lines: [user.email] })
        }
      />
      <ChangeRolesDialog user={changing} policy={policy} onClose={() => setChanging(undefined)} />
    </Page>
  );
}
