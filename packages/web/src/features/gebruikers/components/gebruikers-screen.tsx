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
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { TRUNCATE, TruncatedText } from '@/components/data-table/truncated-text';
import { useNotify } from '@/components/notifications/notify-context';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { usePortalConfig } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { searchBodyOf, useListParams } from '@/lib/use-list-params';
import type { CreatedUser } from '../api/create-user';
import { useAllOrganisations } from '../api/search-organisations';
import { useSearchRoles } from '../api/search-roles';
import { useSearchUsers } from '../api/search-users';
import { useSynchronize } from '../api/synchronize';
import { ChangeRolesDialog } from './change-roles-dialog';
import { CreateUserDialog } from './create-user-dialog';
import { OrganisationChip } from './organisation-chip';
import { ResultAlert, type Result } from './result-alert';
import { RoleTree } from './role-tree';
import { useUserActions } from './use-user-actions';
import { UserMarkers } from './user-markers';
import { UserRowMenu } from './user-row-menu';
import { USER_FILTER_DEFAULTS, UserFilters } from './user-filters';
import { useUserManagementPolicy } from '@/lib/auth/use-user-management-policy';

const NO_GROUPS: never[] = [];

export function GebruikersScreen() {
  const permissions = usePermissions();
  const { notifyError, notifySuccess } = useNotify();
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<User>();
  const [result, setResult] = useState<Result>();
  const [askingSync, setAskingSync] = useState(false);
  // Invitations and passwords are the embedded provider's; an external one keeps its own.
  const invitations = usePortalConfig().passwordChange;
  // Demo mode answers a new user's link, also a new invitation's: it stays on screen to be passed on.
  const showInvitation = (user: CreatedUser) => {
    if (user.setPasswordUrl)
      setResult({ title: LABELS.gebruikers.invitationFor(user.email), link: user.setPasswordUrl });
  };
  const userActions = useUserActions(showInvitation);
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
      {
        id: 'email',
        label: LABELS.gebruikers.email,
        render: (row) => (
          <>
            <TruncatedText maxWidth={TRUNCATE.email}>{row.email}</TruncatedText>
            <UserMarkers user={row} invitations={invitations} />
          </>
        ),
      },
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
        width: 104,
        // Not one's own account, and only users and roles the signed-in user may manage (decision
        // 0014): the server applies the same rights to the menu's actions as to changing roles.
        render: (row) =>
          policy.mayChangeRolesOf(row) && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Tooltip title={LABELS.gebruikers.changeRoles}>
                <IconButton aria-label={LABELS.gebruikers.changeRolesTitle(row.email)} onClick={() => setChanging(row)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <UserRowMenu user={row} invitations={invitations} onAction={userActions.ask} />
            </Stack>
          ),
      },
    ],
    [policy, invitations, userActions.ask],
  );

  const runSynchronize = () =>
    synchronize.mutate(undefined, {
      onSuccess: (report) =>
        setResult({
          title: SUCCESS_MESSAGES.synchronized,
          lines: [LABELS.gebruikers.syncSummary(report.verwijderd, report.bijgewerkt), ...report.meldingen],
        }),
      onError: (error) => notifyError(ERROR_TITLES.synchronize, error),
      onSettled: () => setAskingSync(false),
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
              onClick={() => setAskingSync(true)}
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
        onCreated={(user) => {
          notifySuccess(SUCCESS_MESSAGES.userCreated, LABELS.gebruikers.createdNext(user.email));
          showInvitation(user);
        }}
      />
      <ChangeRolesDialog user={changing} policy={policy} onClose={() => setChanging(undefined)} />
      {userActions.confirmDialog}
      <ConfirmDialog
        open={askingSync}
        title={LABELS.gebruikers.syncTitle}
        text={LABELS.gebruikers.syncText}
        confirmLabel={LABELS.gebruikers.synchronize}
        cancelLabel={LABELS.common.cancel}
        busy={synchronize.isPending}
        onConfirm={runSynchronize}
        onCancel={() => setAskingSync(false)}
      />
    </Page>
  );
}
