import type { AppEnrolment } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button/copy-button';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useEnrolApp } from '../api/enrol-app';
import { SecondFactorCodeForm } from './second-factor-code-form';

const T = LABELS.secondFactor;
const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** The key as apps ask it typed: in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface AppEnrolmentFormProps {
  enrolment: AppEnrolment;
  /** Set up: the recovery codes, to be shown once. */
  onEnrolled: (codes: string[]) => void;
  onCancel: () => void;
}

/** 'Instellen': the QR code and the key by hand, then the app's first code. */
export function AppEnrolmentForm({ enrolment, onEnrolled, onCancel }: AppEnrolmentFormProps) {
  const enrol = useEnrolApp();
  const { notifySuccess } = useNotify();
  const enrolWith = async (code: string) => {
    const { herstelcodes } = await enrol.mutateAsync({ ticket: enrolment.ticket, code });
    notifySuccess(T.enrolledToast);
    onEnrolled(herstelcodes);
  };
  return (
    <SecondFactorCodeForm submitLabel={T.confirm} onCode={enrolWith} onCancel={onCancel}>
      <Typography>{T.scan}</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={T.qrAlt}
        sx={{ width: 196, height: 196, alignSelf: 'center', imageRendering: 'pixelated' }}
      />
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {T.manual}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Box
            aria-label={T.key}
            role="textbox"
            aria-readonly
            sx={{
              flex: 1,
              px: 1.5,
              py: 1,
              bgcolor: 'grey.100',
              borderRadius: 1,
              fontFamily: MONOSPACE,
              letterSpacing: '0.05em',
              overflowWrap: 'anywhere',
            }}
          >
            {grouped(enrolment.secret)}
          </Box>
          <CopyButton text={enrolment.secret} label={T.copyKey} />
        </Stack>
      </Box>
    </SecondFactorCodeForm>
  );
}
