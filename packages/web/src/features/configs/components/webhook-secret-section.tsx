import { ERROR_TITLES, KOPPELEN_PATH, type Omgeving } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { FactList, type Fact } from '@/components/fact-list/fact-list';
import { useNotify } from '@/components/notifications/notify-context';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import type { ConfigRowKey } from '../api/config-key';
import { useCreateWebhookSecret } from '../api/create-webhook-secret';
import { useWebhookSecret } from '../api/get-webhook-secret';
import { WebhookSecretDialog, type IssuedWebhookSecretShown } from './webhook-secret-dialog';

/** The guide's section on checking a signature (its heading's anchor in docs/koppelen.md). */
export const SIGNATURE_GUIDE_PATH = `${KOPPELEN_PATH}#de-handtekening-controleren`;

interface WebhookSecretSectionProps {
  omgeving: Omgeving;
  configKey: ConfigRowKey;
  /** Whether the user may make the receiver a secret: as for saving its configuration. */
  mayIssue: boolean;
}

/**
 * 'Ondertekening' in the configuration panel (decision 0061): whether the receiver has a signing
 * secret, since when, and until when the previous one still signs beside it; 'Geheim aanmaken' or
 * 'Nieuw geheim', asked first, then the secret shown once.
 */
export function WebhookSecretSection({ omgeving, configKey, mayIssue }: WebhookSecretSectionProps) {
  const T = LABELS.webhookSecret;
  const headingId = useId();
  const { data } = useWebhookSecret(omgeving, configKey);
  const creation = useCreateWebhookSecret(omgeving);
  const { notifyError } = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<IssuedWebhookSecretShown>();
  const { deelnemer, versienummer } = configKey;

  const confirm = () => {
    if (!data) return;
    const kind = data.secretSet ? 'rotated' : 'created';
    creation.mutate(configKey, {
      onSettled: () => setConfirming(false),
      onSuccess: (issued) => {
        setShown({ kind, issued });
        // The secret lives on in this state only, until its dialog is closed.
        creation.reset();
      },
      onError: (error) => notifyError(ERROR_TITLES.createWebhookSecret, error),
    });
  };

  const facts: Fact[] = [];
  if (data?.created) facts.push([T.since, formatDateTime(data.created)]);
  if (data?.previousValidUntil) facts.push([T.previousUntil, formatDateTime(data.previousValidUntil)]);

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {T.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
        {T.intro}{' '}
        <Link href={SIGNATURE_GUIDE_PATH} target="_blank" rel="noopener">
          {T.howTo}
        </Link>
      </Typography>
      {data && (
        <>
          {data.secretSet ? <FactList facts={facts} /> : <Typography variant="body2">{T.none}</Typography>}
          {mayIssue && (
            <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => setConfirming(true)}>
              {data.secretSet ? T.rotate : T.create}
            </Button>
          )}
          <ConfirmDialog
            open={confirming}
            title={data.secretSet ? T.rotate : T.create}
            text={
              data.secretSet
                ? T.rotateText(deelnemer, versienummer, data.graceHours)
                : T.createText(deelnemer, versienummer)
            }
            confirmLabel={data.secretSet ? T.confirmRotate : T.confirmCreate}
            cancelLabel={LABELS.common.cancel}
            busy={creation.isPending}
            onConfirm={confirm}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
      <WebhookSecretDialog value={shown} onClose={() => setShown(undefined)} />
    </Box>
  );
}
