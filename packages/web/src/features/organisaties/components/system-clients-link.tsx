import { CLIENT_ORGANISATION_TYPES, type Organisation } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { Link } from 'react-router';
import type { CurrentUser } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';

const TYPES: readonly string[] = CLIENT_ORGANISATION_TYPES;

/**
 * Whether the row leads to the organisation's system clients: only organisations whose systems
 * exchange messages, and without the super role only the user's own (decision 0019).
 */
export function hasClientsLink(row: Organisation, user: CurrentUser | undefined, everyOrganisation: boolean): boolean {
  if (!TYPES.includes(row.type)) return false;
  return everyOrganisation || (row.metadata.deelnemer ?? row.organisatie) === user?.deelnemer;
}

/** The row action 'Systeemclients': the clients screen for this organisation. */
export function SystemClientsLink({ organisatie }: { organisatie: string }) {
  return (
    <Tooltip title={LABELS.organisaties.systemClients}>
      <IconButton
        size="small"
        component={Link}
        to={`/clients?${new URLSearchParams({ organisatie })}`}
        aria-label={LABELS.organisaties.systemClients}
        // Rows with the action are as high as those without.
        sx={{ my: -0.5 }}
      >
        <VpnKeyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
