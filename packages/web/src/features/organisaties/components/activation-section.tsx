import type { Organisation } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useActivateOrganisation } from '../api/activate-organisation';
import { useDeactivateOrganisation } from '../api/deactivate-organisation';
import { DeactivatedChip } from './deactivated-chip';
import { PanelSection } from './panel-section';

const T = LABELS.organisaties.activation;

/**
 * Whether the organisation is active, and for who may (`mayChange`) 'Deactiveren' or 'Activeren',
 * asked first with what it means for the organisation's users, systems and messages (issue 29).
 */
export function ActivationSection({ organisation, mayChange }: { organisation: Organisation; mayChange: boolean }) {
  const { notifyError, notifySuccess } = useNotify();
  const deactivation = useDeactivateOrganisation();
  const activation = useActivateOrganisation();
  // What was asked, kept while it runs: the organisation refetched meanwhile has turned already.
  const [asked, setAsked] = useState<'deactivate' | 'activate'>();
  const { organisatie, actief } = organisation;

  const confirm = () => {
    if (!asked) return;
    const deactivating = asked === 'deactivate';
    (deactivating ? deactivation : activation).mutate(organisatie, {
      onSuccess: () => notifySuccess(deactivating ? T.deactivated : T.activated, organisatie),
      onError: (error) => notifyError(deactivating ? T.deactivateFailed : T.activateFailed, error),
      onSettled: () => setAsked(undefined),
    });
  };

  return (
    <PanelSection
      title={T.status}
      action={
        mayChange && (
          <Button
            size="small"
            variant="outlined"
            color={actief ? 'error' : 'primary'}
            onClick={() => setAsked(actief ? 'deactivate' : 'activate')}
          >
            {actief ? T.deactivate : T.activate}
          </Button>
        )
      }
    >
      {actief ? (
        <Typography variant="body2">{T.actief}</Typography>
      ) : (
        <>
          <DeactivatedChip />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.gedeactiveerdUitleg}
          </Typography>
        </>
      )}
      {asked && (
        <ConfirmDialog
          open
          title={asked === 'deactivate' ? T.deactivateTitle : T.activateTitle}
          text={asked === 'deactivate' ? T.deactivateText(organisatie) : T.activateText(organisatie)}
          confirmLabel={asked === 'deactivate' ? T.deactivate : T.activate}
          cancelLabel={LABELS.common.cancel}
          busy={deactivation.isPending || activation.isPending}
          onConfirm={confirm}
          onCancel={() => setAsked(undefined)}
        />
      )}
    </PanelSection>
  );
}
