import { CONFORMITY_TEXTS, flowOf, type FlowConformity } from '@knooppunt/domain';
import Typography from '@mui/material/Typography';
import { useConformity } from '@/lib/api/get-conformity';
import { formatDate } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

/** 'Conformiteit: geslaagd op …' or 'Conformiteit: nog niet geslaagd' for one flow. */
export function conformityStatus(flow: FlowConformity): string {
  return flow.geslaagdOp ? CONFORMITY_TEXTS.label(formatDate(flow.geslaagdOp)) : CONFORMITY_TEXTS.notPassed;
}

/**
 * 'Conformiteit: geslaagd op …' of a participant for the flow of a configuration (decision 0040):
 * when every conformance scenario of its side had passed, or how many have not yet, and whether
 * the operator requires it before a production configuration is activated.
 */
export function ConformityLine({ deelnemer, versienummer }: { deelnemer: string; versienummer: string }) {
  const { data } = useConformity(deelnemer);
  const flow = data?.stromen.find((candidate) => candidate.flow === flowOf(versienummer));
  if (!data || !flow) return null;
  return (
    <Typography variant="body2" sx={{ mb: 2 }} data-testid="conformiteit">
      {conformityStatus(flow)}
      {!flow.geslaagdOp && ` (${LABELS.configs.scenariosMissing(flow.ontbrekend.length)})`}
      {data.vereist && ` · ${LABELS.configs.conformityRequired}`}
    </Typography>
  );
}
