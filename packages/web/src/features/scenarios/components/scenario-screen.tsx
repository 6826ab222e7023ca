import {
  DRAFT,
  ERROR_TITLES,
  mayChangeRulesOf,
  SUCCESS_MESSAGES,
  type RuleNode,
  type Scenario,
  type Verplichting,
} from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useNotify } from '@/components/notifications/notify-context';
import { Page } from '@/components/page/page';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { isConceptHidden } from '../api/concept-hidden';
import { useScenario } from '../api/get-scenario';
import { useScenarioPair } from '../api/get-scenario-pair';
import { useSetVerplichting } from '../api/set-verplichting';
import { RuleTree } from './rule-tree';
import { ScenarioComparison, ScenarioSummary } from './scenario-summary';

type TreeTab = 'tg' | 'aga';
const TREES: Record<TreeTab, 'tgRules' | 'agaRules'> = { tg: 'tgRules', aga: 'agaRules' };

/** The scenario detail, on its own (/scenario/{id}) or beside the one it is compared with (…/compare/{compareId}). */
export function ScenarioScreen() {
  const { id = '', compareId } = useParams();
  const single = useScenario(id, compareId === undefined);
  const pair = useScenarioPair(id, compareId ?? '', compareId !== undefined);
  const scenario = compareId === undefined ? single.data : pair.data?.scenario;
  const compared = pair.data?.compared;
  const { isPending, isError, error } = compareId === undefined ? single : pair;

  if (isPending && !isError) return <CenteredSpinner />;
  if (isConceptHidden(error)) {
    return (
      <Page title={LABELS.screens.scenario} actions={<BackButton />}>
        {/* Page content, not a failure to announce: no alert role, and no error toast (query meta). */}
        <Alert severity="info" variant="outlined" role="status">
          <AlertTitle>{LABELS.scenarios.conceptHiddenTitle}</AlertTitle>
          {LABELS.scenarios.conceptHidden}
        </Alert>
      </Page>
    );
  }
  if (!scenario) {
    return (
      <Page title={LABELS.screens.scenario} actions={<BackButton />}>
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          {LABELS.common.noResults}
        </Paper>
      </Page>
    );
  }
  return <ScenarioView scenario={scenario} compared={compareId === undefined ? undefined : compared} />;
}

function BackButton({ scenario }: { scenario?: Scenario }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a link or a bookmark there is no page to go back to: the list it belongs to.
  const back = () =>
    location.key === 'default'
      ? void navigate(scenario?.versie === DRAFT ? '/scenarios' : '/zoeken')
      : void navigate(-1);
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={back}>
      {LABELS.scenarios.back}
    </Button>
  );
}

function ScenarioView({ scenario, compared }: { scenario: Scenario; compared: Scenario | undefined }) {
  const [tab, setTab] = useState<TreeTab>('tg');
  const user = useCurrentUser();
  const permissions = usePermissions();
  const { notifyError, notifySuccess } = useNotify();
  const saving = useSetVerplichting();
  // Spec 001 §2.2: the edit right and the own grid operator, or a super-role user acting for the
  // scenario's (decision 0029); published scenarios never change.
  const editable =
    compared === undefined &&
    scenario.versie === DRAFT &&
    user !== undefined &&
    mayChangeRulesOf(permissions, user.deelnemer, scenario.netbeheerder);

  const change = (node: RuleNode, verplichting: Verplichting) =>
    saving.mutate(
      { scenarioId: scenario._id, id: node.id, verplichting, changed: scenario.changed },
      {
        onSuccess: () => notifySuccess(SUCCESS_MESSAGES.verplichtingSaved),
        onError: (error) => notifyError(ERROR_TITLES.saveVerplichting, error),
      },
    );

  return (
    <Page title={scenario.omschrijving} actions={<BackButton scenario={scenario} />}>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        {compared ? (
          <ScenarioComparison scenario={scenario} compared={compared} />
        ) : (
          <ScenarioSummary scenario={scenario} />
        )}
        {(scenario.gelijk >= 2 || !editable) && (
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
            {scenario.gelijk >= 2 && <Chip color="info" label={LABELS.scenarios.gelijk(scenario.gelijk)} />}
            {!editable && compared === undefined && (
              <Alert severity="info" sx={{ py: 0 }}>
                {LABELS.scenarios.readOnly}
              </Alert>
            )}
          </Stack>
        )}
      </Paper>
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_event, value: TreeTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="tg" label={LABELS.scenarios.tabs.tg} id="tree-tab-tg" aria-controls="tree-panel" />
          <Tab value="aga" label={LABELS.scenarios.tabs.aga} id="tree-tab-aga" aria-controls="tree-panel" />
        </Tabs>
        <Divider />
        <div role="tabpanel" id="tree-panel" aria-labelledby={`tree-tab-${tab}`}>
          <RuleTree
            key={tab}
            label={LABELS.scenarios.tabs[tab]}
            nodes={scenario[TREES[tab]]}
            compared={compared?.[TREES[tab]]}
            onChange={editable ? change : undefined}
            savingId={saving.isPending ? saving.variables.id : undefined}
          />
        </div>
      </Paper>
    </Page>
  );
}
