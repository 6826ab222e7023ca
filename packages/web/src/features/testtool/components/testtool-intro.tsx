import { KOPPELEN_PATH, SIMULATOR } from '@knooppunt/domain';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';

const T = LABELS.testtool;
/** The Configuraties screen on the test environment (decision 0038). */
const TEST_CONFIGS_PATH = '/configs?omgeving=test';

/** What a conformance test is, with the guide for developers and the test configurations. */
export function TesttoolIntro() {
  const { canViewConfig } = usePermissions();
  return (
    <Stack sx={{ gap: 1, maxWidth: 960 }}>
      <Typography variant="body1">{T.intro(SIMULATOR.opdrachtgever, SIMULATOR.opdrachtnemer)}</Typography>
      <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
        {/* The guide is a page of the server, not of the portal: a plain link, in a tab of its own. */}
        <Link href={KOPPELEN_PATH} target="_blank" rel="noopener" variant="body2">
          {T.koppelen}
        </Link>
        {/* Only for who may open Configuraties: the link would lead anyone else to 'Niet toegestaan'. */}
        {canViewConfig && (
          <Link component={RouterLink} to={TEST_CONFIGS_PATH} variant="body2">
            {T.testConfigs}
          </Link>
        )}
      </Stack>
    </Stack>
  );
}
