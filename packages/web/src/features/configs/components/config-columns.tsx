import { CONFIG_TEXTS, type ConfigListItem } from '@knooppunt/domain';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { formatDateTime, formatRelative } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { StatusChip } from './status-chip';

function Deelnemer({ row, canCreateConfig }: { row: ConfigListItem; canCreateConfig: boolean }) {
  return (
    <>
      {/* Spans, not paragraphs: this is the content of the row's button. */}
      <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {row.deelnemer}
      </Typography>
      {row.draft && (
        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'warning.dark' }}>
          {CONFIG_TEXTS.draftCaption}
          {!canCreateConfig && ` — ${CONFIG_TEXTS.draftContactNote}`}
        </Typography>
      )}
    </>
  );
}

/** The sender's state, and under it its limits (issue 30 item 5). */
function Status({ row }: { row: ConfigListItem }) {
  return (
    <>
      <StatusChip row={row} />
      {row.sender && (
        <Typography variant="caption" component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
          {CONFIG_TEXTS.senderLimits(row.sender.maxMessages, row.sender.maxPerSecond)}
        </Typography>
      )}
    </>
  );
}

/** The columns of spec 000 §2; the actions cell is the screen's. */
export function configColumns(options: {
  canCreateConfig: boolean;
  renderActions: (row: ConfigListItem) => ReactNode;
}): DataTableColumn<ConfigListItem>[] {
  return [
    {
      id: 'deelnemer',
      label: LABELS.configs.deelnemer,
      sortable: true,
      render: (row) => <Deelnemer row={row} canCreateConfig={options.canCreateConfig} />,
    },
    { id: 'versienummer', label: LABELS.configs.versienummer, render: (row) => row.versienummer },
    {
      id: 'updated',
      label: LABELS.configs.updated,
      sortable: true,
      render: (row) => <span title={formatDateTime(row.updated)}>{formatRelative(row.updated)}</span>,
    },
    // Wide enough for the limits on one line: 'max. 5 tegelijk · geen grens per seconde'.
    { id: 'status', label: LABELS.configs.status, width: 248, render: (row) => <Status row={row} /> },
    { id: 'actions', label: LABELS.configs.actions, width: 266, render: options.renderActions },
  ];
}

/** The accent marker on the left of a draft row, in the colour of its caption. */
export const draftRowSx = (row: ConfigListItem): SxProps<Theme> | undefined =>
  row.draft
    ? { '& > td:first-of-type': { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.warning.main}` } }
    : undefined;
