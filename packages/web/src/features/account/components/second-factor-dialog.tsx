import { SECOND_FACTOR_TEXTS, type AppEnrolment } from '@knooppunt/domain';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useRemoveSecondFactor } from '../api/remove-second-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { AppEnrolmentForm } from './app-enrolment-form';
import { RecoveryCodesView } from './recovery-codes-view';
import { SecondFactorCodeForm } from './second-factor-code-form';
import { SecondFactorOverview } from './second-factor-overview';

const T = LABELS.secondFactor;

type Step =
  | { name: 'overview' }
  | { name: 'enrol'; enrolment: AppEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'renew' }
  | { name: 'remove' };

const TITLES: Record<Step['name'], string> = {
  overview: T.title,
  enrol: SECOND_FACTOR_TEXTS.enrolTitle,
  codes: T.codesTitle,
  renew: T.renew,
  remove: T.remove,
};

/**
 * 'Tweede stap' (issue 31, decision 0054): the user's own authenticator app — set it up, make new
 * recovery codes, or remove it where the policy allows; renewing and removing ask a code of the
 * app — and the user's passkeys and security keys. New recovery codes are shown once: while they
 * are, only 'Ik heb de codes bewaard' closes them. Mounted while open, so every opening starts at
 * the overview.
 */
export function SecondFactorDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [step, setStep] = useState<Step>({ name: 'overview' });
  const renew = useRenewRecoveryCodes();
  const remove = useRemoveSecondFactor();
  const { notifySuccess } = useNotify();
  const overview = () => setStep({ name: 'overview' });
  const close = () => step.name !== 'codes' && onClose();

  const renewWith = async (code: string) => {
    const { herstelcodes } = await renew.mutateAsync({ code });
    notifySuccess(T.renewedToast);
    setStep({ name: 'codes', codes: herstelcodes });
  };
  const removeWith = async (code: string) => {
    await remove.mutateAsync({ code });
    notifySuccess(T.removedToast);
    overview();
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{TITLES[step.name]}</DialogTitle>
      {step.name === 'overview' && (
        <SecondFactorOverview
          onEnrol={(enrolment) => setStep({ name: 'enrol', enrolment })}
          onRenew={() => setStep({ name: 'renew' })}
          onRemove={() => setStep({ name: 'remove' })}
          onRecoveryCodes={(codes) => setStep({ name: 'codes', codes })}
          onClose={onClose}
        />
      )}
      {step.name === 'enrol' && (
        <AppEnrolmentForm
          enrolment={step.enrolment}
          onEnrolled={(codes) => setStep({ name: 'codes', codes })}
          onCancel={overview}
        />
      )}
      {step.name === 'codes' && <RecoveryCodesView codes={step.codes} onSaved={overview} />}
      {step.name === 'renew' && (
        <SecondFactorCodeForm submitLabel={T.renewSubmit} onCode={renewWith} onCancel={overview}>
          <Typography>{T.renewIntro}</Typography>
        </SecondFactorCodeForm>
      )}
      {step.name === 'remove' && (
        <SecondFactorCodeForm submitLabel={T.removeSubmit} onCode={removeWith} onCancel={overview}>
          <Typography>{T.removeIntro}</Typography>
        </SecondFactorCodeForm>
      )}
    </Dialog>
  );
}
