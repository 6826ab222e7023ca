import { RULE_TREES, type RuleTree, type ValueNode } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link, useLocation, useParams } from 'react-router';
import { Page } from '@/components/page/page';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { alertContentOf } from '@/components/notifications/notify-context';
import { useCurrentUser, usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { useWaardenlijst } from '../api/get-waardenlijst';
import { mayEditWaardenlijst } from '../may-edit';
import { WaardenDialog } from './waarden-dialog';
import { WaardenTree } from './waarden-tree';

function findNode(nodes: readonly ValueNode[], id: string): ValueNode | undefined {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.waardenlijsten, id);
    if (found) return found;
  }
  return undefined;
}

/** A value list (spec 001 §2.5): its two trees, fully expanded; its owner's editors change the values. */
export function WaardenlijstScreen() {
  const { id = '' } = useParams();
  // Back to the overview as the user left it: its filters, sort and page came along.
  const overview = `/waardenlijsten${(useLocation().state as { search?: string } | null)?.search ?? ''}`;
  const back = (
    <Button component={Link} to={overview} startIcon={<ArrowBackIcon />}>
      {LABELS.menu.waardenlijsten}
    </Button>
  );
  const permissions = usePermissions();
  const user = useCurrentUser();
  const { data: list, error, isPending } = useWaardenlijst(id);
  const [tree, setTree] = useState<RuleTree>('tg');
  const [openNodeId, setOpenNodeId] = useState<string>();
  const tabsId = useId();

  if (isPending) return <CenteredSpinner />;
  if (!list) {
    return (
      // The failure itself is the query's alert; the page only keeps saying what is missing.
      <Page title={LABELS.screens.waardenlijst} actions={back}>
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{alertContentOf(error).message}</Typography>
        </Paper>
      </Page>
    );
  }

  const editable = mayEditWaardenlijst(permissions, user, list);
  const trees = { tg: list.tgWaardenlijsten, aga: list.agaWaardenlijsten };
  // Read from the list as it is now, so a saved value shows in the open dialog at once.
  const openNode = openNodeId ? findNode([...trees.tg, ...trees.aga], openNodeId) : undefined;

  return (
    <Page title={list.omschrijving} actions={back}>
      <Paper variant="outlined">
        <Tabs value={tree} onChange={(_event, value: RuleTree) => setTree(value)} sx={{ px: 2 }}>
          {RULE_TREES.map((name) => (
            <Tab
              key={name}
              value={name}
              label={LABELS.waardenlijsten.tabs[name]}
              id={`${tabsId}-${name}-tab`}
              aria-controls={`${tabsId}-${name}-panel`}
            />
          ))}
        </Tabs>
        <Paper
          square
          elevation={0}
          role="tabpanel"
          id={`${tabsId}-${tree}-panel`}
          aria-labelledby={`${tabsId}-${tree}-tab`}
          sx={{ borderTop: 1, borderColor: 'divider', p: 2 }}
        >
          {trees[tree].length > 0 ? (
            <WaardenTree nodes={trees[tree]} editable={editable} onOpen={(node) => setOpenNodeId(node.id)} />
          ) : (
            <Typography sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }}>
              {LABELS.common.noResults}
            </Typography>
          )}
        </Paper>
      </Paper>
      <WaardenDialog listId={list._id} node={openNode} editable={editable} onClose={() => setOpenNodeId(undefined)} />
    </Page>
  );
}
