import type { ExpectedMessage } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import { useId, useState } from 'react';
import { NamensSelect } from '@/components/namens-select/namens-select';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { useNamens } from '@/lib/namens/use-namens';
import { LABELS } from '@/lib/texts';
import { useListParams } from '@/lib/use-list-params';
import { useUrlParam } from '@/lib/use-url-param';
import { useRuns } from '../api/get-runs';
import { useScenarios } from '../api/get-scenarios';
import { draftOf, FIRST_DRAFT, isMessageType } from './compose-draft';
import { MessageComposer } from './message-composer';
import { RunPanel } from './run-panel';
import { RunsList } from './runs-list';
import { StartRunDialog } from './start-run-dialog';
import { TesttoolIntro } from './testtool-intro';

const T = LABELS.testtool;
const FILTER_DEFAULTS = { deelnemer: '' };
/** Not in the domain's PAGE_SIZE yet: the server answers the newest 100 runs, paged here. */
const RUNS_PAGE_SIZE = 25;
/** `?tab=bericht` shows the composer; the runs without it. */
const COMPOSE_TAB = 'bericht';
/** A run's report is a panel over the runs: showing the composer closes it. */
const CLOSE_RUN = ['run'];

/**
 * 'Testtool' (issue 28): start a conformance run of one's own system against Knooppunt's
 * simulator, follow it and read its report; compose single messages, check and send them. With
 * 'Testtool Beheren' every participant's runs; an implementation partner's user acts for the
 * participant chosen under 'Namens'.
 */
export function TesttoolScreen() {
  const { canManageTesttool } = usePermissions();
  const namens = useNamens();
  const list = useListParams({ filterDefaults: FILTER_DEFAULTS, pageSize: RUNS_PAGE_SIZE });
  // Only who sees every participant's runs filters on one; for anyone else the URL's is ignored.
  const deelnemer = namens.partner ? (namens.namens ?? '') : canManageTesttool ? list.filters.deelnemer.trim() : '';
  const runs = useRuns(deelnemer, namens.settled);
  const scenarios = useScenarios();
  const [openId, setOpenId] = useUrlParam('run');
  const [tab, setTab] = useUrlParam('tab', CLOSE_RUN);
  const [starting, setStarting] = useState(false);
  const [draft, setDraft] = useState(FIRST_DRAFT);
  const [composeRequest, setComposeRequest] = useState(0);
  const tabsId = useId();
  const composing = tab === COMPOSE_TAB;

  const compose = (verwacht: ExpectedMessage) => {
    if (!isMessageType(verwacht.type)) return;
    setDraft(draftOf(verwacht.type, verwacht.opdrachtId, verwacht.data));
    setComposeRequest((request) => request + 1);
    setTab(COMPOSE_TAB);
  };

  return (
    <Page
      title={T.title}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!scenarios.data}
          onClick={() => setStarting(true)}
        >
          {T.newRun}
        </Button>
      }
    >
      <Stack sx={{ gap: 3 }}>
        {namens.partner && <NamensSelect namens={namens} texts={LABELS.actingFor.testtool} />}
        <TesttoolIntro />
        <Box>
          <Tabs
            value={composing ? COMPOSE_TAB : 'runs'}
            onChange={(_event, value: string) => setTab(value === COMPOSE_TAB ? COMPOSE_TAB : undefined)}
            aria-label={T.tabs.label}
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            <Tab value="runs" label={T.tabs.runs} id={`${tabsId}-runs`} aria-controls={`${tabsId}-runs-panel`} />
            <Tab
              value={COMPOSE_TAB}
              label={T.tabs.compose}
              id={`${tabsId}-bericht`}
              aria-controls={`${tabsId}-bericht-panel`}
            />
          </Tabs>
          {/* Both stay mounted: the composer keeps its message and answers while the runs are shown. */}
          <Box role="tabpanel" id={`${tabsId}-runs-panel`} aria-labelledby={`${tabsId}-runs`} hidden={composing}>
            <RunsList
              list={list}
              runs={runs}
              everyParticipant={canManageTesttool}
              waiting={!namens.settled}
              onOpen={setOpenId}
            />
          </Box>
          <Box role="tabpanel" id={`${tabsId}-bericht-panel`} aria-labelledby={`${tabsId}-bericht`} hidden={!composing}>
            <MessageComposer
              draft={draft}
              onChange={setDraft}
              namens={namens.namens}
              visible={composing}
              focusRequest={composeRequest}
            />
          </Box>
        </Box>
      </Stack>
      <StartRunDialog
        open={starting}
        scenarios={scenarios.data?.items ?? []}
        everyParticipant={canManageTesttool}
        namens={namens.namens}
        onClose={() => setStarting(false)}
        onStarted={(run) => setOpenId(run.id)}
      />
      <RunPanel
        id={openId}
        scenarios={scenarios.data?.items}
        onClose={() => setOpenId(undefined)}
        onCompose={compose}
      />
    </Page>
  );
}
