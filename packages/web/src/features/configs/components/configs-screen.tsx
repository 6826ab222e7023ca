import { FLOW_SCREEN_TITLES, type Flow } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useState, type ReactNode } from 'react';
import { NamensGate } from '@/components/namens-select/namens-gate';
import { Page } from '@/components/page/page';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { ConfigsList } from './configs-list';
import { CreateConfigDialog } from './create-config-dialog';
import { OmgevingSwitch } from './omgeving-switch';
import { useOmgeving } from './use-omgeving';

/**
 * 'Overzicht van configuraties' of one flow: /configs (Aansluiting) and /hoofdnet/configs, of
 * production or of the test environment (`?omgeving=test`, decision 0038). An implementation
 * partner's user works on the configurations of the participant chosen under 'Namens' (decision 0041).
 */
export function ConfigsScreen({ flow }: { flow: Flow }) {
  return (
    <NamensGate title={FLOW_SCREEN_TITLES.configs[flow]} texts={LABELS.actingFor.configs}>
      {(namensSelect) => <ConfigsPage flow={flow} namensSelect={namensSelect} />}
    </NamensGate>
  );
}

function ConfigsPage({ flow, namensSelect }: { flow: Flow; namensSelect: ReactNode }) {
  const { canCreateDraft } = usePermissions();
  const [omgeving, setOmgeving] = useOmgeving();
  const [creating, setCreating] = useState(false);

  return (
    <Page
      title={FLOW_SCREEN_TITLES.configs[flow]}
      actions={
        <>
          <OmgevingSwitch value={omgeving} onChange={setOmgeving} />
          {canCreateDraft && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {LABELS.configs.newConfig}
            </Button>
          )}
        </>
      }
    >
      {namensSelect}
      {omgeving === 'test' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LABELS.configs.testEnvironment}
        </Alert>
      )}
      {/* Mounted anew per environment: a row's panels and actions, and a call still under way,
          stay with the environment they were opened in. */}
      <ConfigsList key={omgeving} flow={flow} omgeving={omgeving} />
      <CreateConfigDialog open={creating} flow={flow} omgeving={omgeving} onClose={() => setCreating(false)} />
    </Page>
  );
}
