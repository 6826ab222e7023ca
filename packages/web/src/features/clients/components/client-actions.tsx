import type { SystemClient } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import type { ReactNode } from 'react';
import { LABELS } from '@/lib/texts';

interface ClientActionsProps {
  client: SystemClient;
  onRotate: (client: SystemClient) => void;
  onRevoke: (client: SystemClient) => void;
}

function Action(props: { label: string; client: SystemClient; icon: ReactNode; onClick: () => void }) {
  const { label, client, icon, onClick } = props;
  return (
    <Tooltip title={label}>
      {/* Named with the client, so fifty rows do not offer fifty buttons of one name. */}
      <IconButton size="small" aria-label={LABELS.common.forRow(label, client.clientId)} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * 'Nieuw geheim' (only a client that has a secret) and 'Intrekken', for an active client; a revoked
 * client has none: it cannot be brought back.
 */
export function ClientActions({ client, onRotate, onRevoke }: ClientActionsProps) {
  if (client.status !== 'actief') return null;
  return (
    <Stack direction="row">
      {client.methode === 'client_secret_basic' ? (
        <Action
          label={LABELS.clients.rotate}
          client={client}
          icon={<KeyIcon fontSize="small" />}
          onClick={() => onRotate(client)}
        />
      ) : (
        // An empty slot keeps the 'Intrekken' buttons of all rows in line.
        <Stack sx={{ width: 34 }} />
      )}
      <Action
        label={LABELS.clients.revoke}
        client={client}
        icon={<BlockIcon fontSize="small" />}
        onClick={() => onRevoke(client)}
      />
    </Stack>
  );
}
