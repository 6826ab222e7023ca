import { type Conformity, type FlowConformity } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { conformityStatus } from '@/components/conformity/conformity-line';
import { FactList } from '@/components/fact-list/fact-list';
import { useNotify } from '@/components/notifications/notify-context';
import { LoadErrorState } from '@/components/status/error-state';
import { useConformity } from '@/lib/api/get-conformity';
import { LABELS } from '@/lib/texts';
import { useSetConformityRequired } from '../api/set-conformity-required';
import { PanelSection } from './panel-section';

const T = LABELS.organisaties.panel;

/**
 * A participant's conformity per flow (decision 0040): when its last scenario passed, or which
 * scenarios have no passed run yet; and, for 'Testtool Beheren', the switch that requires them
 * before a production configuration is activated.
 */
export function ConformitySection({ deelnemer, mayRequire }: { deelnemer: string; mayRequire: boolean }) {
  const query = useConformity(deelnemer);
  return (
    <PanelSection title={T.conformity} loading={query.isPending}>
      {query.error ? (
        <LoadErrorState
          title={T.conformityFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        query.data && (
          <>
            <FactList facts={query.data.stromen.map((flow) => [T.flows[flow.flow], <FlowStatus flow={flow} />])} />
            {mayRequire ? (
              <RequirementSwitch conformity={query.data} />
            ) : (
              query.data.vereist && (
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  {T.required}
                </Typography>
              )
            )}
          </>
        )
      )}
    </PanelSection>
  );
}

function FlowStatus({ flow }: { flow: FlowConformity }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {conformityStatus(flow)}
      </Box>
      {flow.ontbrekend.length > 0 && (
        <>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
            {T.missing}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {flow.ontbrekend.map((scenario) => (
              <li key={scenario.id}>{scenario.naam}</li>
            ))}
          </Box>
        </>
      )}
    </>
  );
}

function RequirementSwitch({ conformity }: { conformity: Conformity }) {
  const { notifyError, notifySuccess } = useNotify();
  const mutation = useSetConformityRequired();
  const helperId = useId();
  const change = (vereist: boolean) =>
    mutation.mutate(
      { deelnemer: conformity.deelnemer, vereist },
      {
        onSuccess: () => notifySuccess(vereist ? T.requiredOn : T.requiredOff),
        onError: (error) => notifyError(T.requiredFailed, error),
      },
    );
  return (
    <Box sx={{ mt: 1.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={conformity.vereist}
            disabled={mutation.isPending}
            onChange={(_event, checked) => change(checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={T.required}
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {T.requiredHelper(conformity.deelnemer)}
      </FormHelperText>
    </Box>
  );
}
