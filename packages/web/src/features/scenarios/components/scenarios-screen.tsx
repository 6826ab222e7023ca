import { DRAFT, mayChangeRulesOf, mayMakeRules, PAGE_SIZE, TITLES, type ScenarioRow } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import PublishIcon from '@mui/icons-material/Publish';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Page } from '@/components/page/page';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useFilterDraft } from '@/lib/use-filter-draft';
import { useListParams } from '@/lib/use-list-params';
import { useLookup } from '../api/get-lookup';
import { SCENARIO_SORT_FIELDS, useSearchScenarios } from '../api/search-scenarios';
import { DeleteScenarioDialog } from './delete-scenario-dialog';
import { PublishVersionDialog } from './publish-version-dialog';
import { scenarioColumns } from './scenario-columns';
import { ScenarioDialog } from './scenario-dialog';
import { ScenarioFilters, type ScenarioFilterValues } from './scenario-filters';
import type { ScenarioDialogMode } from './scenario-form-values';
import { ScenarioRowMenu, type RowAction } from './scenario-row-menu';

const FILTER_DEFAULTS: ScenarioFilterValues = { berichtVersie: '', discipline: '', omschrijving: '' };

type Dialog =
  { mode: ScenarioDialogMode; row?: ScenarioRow } | { mode: 'delete'; row: ScenarioRow } | { mode: 'publish' };

/** 'Overzicht van uw concept scenario's' (spec 001 §2.1). */
export function ScenariosScreen() {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const { data: lookup } = useLookup();
  const list = useListParams({
    filterDefaults: FILTER_DEFAULTS,
    sortFields: SCENARIO_SORT_FIELDS,
    defaultSort: { sortBy: 'omschrijving', sortDirection: 'asc' },
    pageSize: PAGE_SIZE.scenarios,
  });
  // A grid operator's staff see their own concepts; anyone else (the platform's administrators) sees
  // all. Only a grid operator owns rules: its editors make and publish its own, a super-role user
  // those of the netbeheerder it chooses (decision 0029); the others are offered neither.
  const deelnemer = user?.deelnemer ?? '';
  const netbeheerder = lookup?.netbeheerders.includes(deelnemer) ? deelnemer : undefined;
  const mayMake = lookup !== undefined && mayMakeRules(permissions, deelnemer, lookup.netbeheerders);
  const search = useSearchScenarios(
    {
      ...list.filters,
      versie: DRAFT,
      netbeheerder,
      skip: list.skip,
      limit: list.limit,
      sortBy: list.sortBy,
      sortDirection: list.sortDirection,
    },
    lookup !== undefined,
  );
  const filters = useFilterDraft(list, { onRefresh: () => void search.refetch() });
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const columns = scenarioColumns({
    showNetbeheerder: lookup !== undefined && netbeheerder === undefined,
    // Only one who makes rules has a menu in some row: it changes its own (or, acting, every) concept.
    renderOptions: mayMake
      ? (row) =>
          mayChangeRulesOf(permissions, deelnemer, row.netbeheerder) && (
            <ScenarioRowMenu row={row} onAction={(action: RowAction) => setDialog({ mode: action, row })} />
          )
      : undefined,
  });

  return (
    <Page
      title={TITLES.scenarios}
      actions={
        mayMake && (
          <>
            <Button variant="outlined" startIcon={<PublishIcon />} onClick={() => setDialog({ mode: 'publish' })}>
              {LABELS.scenarios.publishVersion}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              {LABELS.scenarios.newScenario}
            </Button>
          </>
        )
      }
    >
      <Paper variant="outlined">
        <ScenarioFilters
          draft={filters}
          berichtVersies={lookup?.berichtVersies ?? []}
          disciplines={lookup?.disciplines ?? []}
        />
        <Divider />
        <DataTable
          list={list}
          query={search}
          label={TITLES.scenarios}
          columns={columns}
          getRowId={(row) => row._id}
          getRowLink={(row) => ({ to: `/scenario/${row._id}` })}
          wrapHeaders
        />
      </Paper>
      <ScenarioDialog
        mode={dialog?.mode === 'delete' || dialog?.mode === 'publish' ? undefined : dialog?.mode}
        row={dialog && 'row' in dialog ? dialog.row : undefined}
        lookup={lookup}
        onClose={close}
      />
      <DeleteScenarioDialog row={dialog?.mode === 'delete' ? dialog.row : undefined} onClose={close} />
      <PublishVersionDialog open={dialog?.mode === 'publish'} lookup={lookup} onClose={close} />
    </Page>
  );
}
