import type { User } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import LockClockOutlinedIcon from '@mui/icons-material/LockClockOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import type { ReactElement } from 'react';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import { LABELS } from '@/lib/texts';

const T = LABELS.gebruikers.markers;

interface Marker {
  label: string;
  explanation: string;
  icon: ReactElement;
  color: 'error' | 'default';
}

/**
 * Why the user cannot log in now, or has not yet: blocked, locked, no password set. A password
 * means something only with the embedded provider (`invitations`); an external one keeps its own.
 */
export function markersOf(user: User, invitations: boolean): Marker[] {
  const markers: Marker[] = [];
  if (user.geblokkeerd) {
    markers.push({ label: T.geblokkeerd, explanation: T.geblokkeerdUitleg, icon: <BlockIcon />, color: 'error' });
  }
  if (user.vergrendeld) {
    markers.push({
      label: T.vergrendeld,
      explanation: T.vergrendeldUitleg,
      icon: <LockClockOutlinedIcon />,
      color: 'default',
    });
  }
  if (invitations && !user.wachtwoordIngesteld) {
    markers.push({
      label: T.geenWachtwoord,
      explanation: T.geenWachtwoordUitleg,
      icon: <MarkEmailUnreadOutlinedIcon />,
      color: 'default',
    });
  }
  return markers;
}

/** Small chips under the e-mail; the eye gets the explanation on hover, a screen reader with the label. */
export function UserMarkers({ user, invitations }: { user: User; invitations: boolean }) {
  const markers = markersOf(user, invitations);
  if (markers.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {markers.map((marker) => (
        // describeChild: the label is the chip's text; the explanation describes it.
        <Tooltip key={marker.label} describeChild title={marker.explanation}>
          <Chip
            size="small"
            variant="outlined"
            color={marker.color}
            icon={marker.icon}
            label={
              <>
                {marker.label}
                <VisuallyHidden>{`: ${marker.explanation}`}</VisuallyHidden>
              </>
            }
          />
        </Tooltip>
      ))}
    </Stack>
  );
}
