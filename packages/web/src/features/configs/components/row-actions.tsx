import { CONFIG_TEXTS, type ConfigListItem } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import AvTimerIcon from '@mui/icons-material/AvTimer';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SpeedIcon from '@mui/icons-material/Speed';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import type { ReactNode } from 'react';
import { LABELS } from '@/lib/texts';
import type { SenderLimit } from './sender-limit-dialog';

export interface RowActionHandlers {
  checkConnection: (row: ConfigListItem) => void;
  useNewest: (row: ConfigListItem) => void;
  activateDraft: (row: ConfigListItem) => void;
  setLimit: (row: ConfigListItem, limit: SenderLimit) => void;
  showLog: (row: ConfigListItem) => void;
  setRunning: (row: ConfigListItem, running: boolean) => void;
}

interface RowActionsProps extends RowActionHandlers {
  row: ConfigListItem;
  canCreateConfig: boolean;
  /** A change of this row's sender is under way. */
  busy: boolean;
}

const SLOT_WIDTH = 34;
const Empty = () => <Box sx={{ width: SLOT_WIDTH }} />;

function Action(props: {
  label: string;
  row: ConfigListItem;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** What the tooltip says instead of the label: why the action is disabled. */
  tooltip?: string | undefined;
}) {
  return (
    <Tooltip title={props.tooltip ?? props.label}>
      {/* A disabled button fires no events; the span keeps its tooltip working. */}
      <span>
        <IconButton
          size="small"
          // Named with the participant, so every row's buttons have names of their own.
          aria-label={LABELS.common.forRow(props.label, props.row.deelnemer)}
          onClick={props.onClick}
          disabled={props.disabled}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The actions of a row (spec 000 §2, §6), in fixed slots so they line up from row to row. Slots
 * a user has no right to are left out; an action that does not apply to the row leaves a gap.
 */
export function RowActions({ row, canCreateConfig, busy, ...on }: RowActionsProps) {
  const { sender, draft } = row;
  const newest = sender !== undefined && sender.version === row.version;
  const senderState = sender?.running ? CONFIG_TEXTS.senderActive : CONFIG_TEXTS.senderPaused;
  return (
    // Clicks on the actions do not open the row's panel.
    <Stack direction="row" sx={{ alignItems: 'center' }} onClick={(event) => event.stopPropagation()}>
      <Action
        label={LABELS.configs.checkConnection}
        row={row}
        icon={<NetworkCheckIcon fontSize="small" />}
        onClick={() => on.checkConnection(row)}
      />
      {canCreateConfig &&
        (draft ? (
          <Action
            label={LABELS.configs.activateDraft}
            row={row}
            icon={<PublishedWithChangesIcon fontSize="small" />}
            onClick={() => on.activateDraft(row)}
          />
        ) : (
          <Action
            label={LABELS.configs.useNewest}
            row={row}
            icon={<SystemUpdateAltIcon fontSize="small" />}
            onClick={() => on.useNewest(row)}
            disabled={newest || busy}
            tooltip={newest ? LABELS.configs.newestAlreadyInUse(row.version) : undefined}
          />
        ))}
      {canCreateConfig &&
        (sender ? (
          <>
            <Action
              label={LABELS.configs.maxMessages}
              row={row}
              icon={<SpeedIcon fontSize="small" />}
              onClick={() => on.setLimit(row, 'maxMessages')}
              disabled={busy}
            />
            <Action
              label={LABELS.configs.maxPerSecond}
              row={row}
              icon={<AvTimerIcon fontSize="small" />}
              onClick={() => on.setLimit(row, 'maxPerSecond')}
              disabled={busy}
            />
          </>
        ) : (
          <>
            <Empty />
            <Empty />
          </>
        ))}
      {draft ? (
        <Empty />
      ) : (
        <Action
          label={LABELS.configs.senderLog}
          row={row}
          icon={<ReceiptLongIcon fontSize="small" />}
          onClick={() => on.showLog(row)}
        />
      )}
      {canCreateConfig && sender && (
        <Tooltip title={senderState}>
          <span>
            <Switch
              size="small"
              checked={sender.running}
              disabled={busy}
              onChange={(event) => on.setRunning(row, event.target.checked)}
              slotProps={{ input: { 'aria-label': LABELS.common.forRow(senderState, row.deelnemer) } }}
            />
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}
