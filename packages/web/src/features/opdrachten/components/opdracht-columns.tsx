import { TERMIJN_TEXTS, type Flow, type OpdrachtView } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';

function Status({ opdracht, flow }: { opdracht: OpdrachtView; flow: Flow }) {
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={opdracht.status === 'error' ? { color: 'error.main' } : undefined}>
          {opdracht.statusText}
        </Typography>
        {/* Past one of its netbeheerder's deadlines (decision 0063). */}
        {opdracht.termijnVerlopen && <Chip size="small" color="warning" label={TERMIJN_TEXTS.verlopen} />}
      </Stack>
      {flow === 'hoofdnet' && opdracht.planStatusText && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {LABELS.opdrachten.planStatus(opdracht.planStatusText)}
        </Typography>
      )}
    </>
  );
}

/**
 * The columns of spec 000 §2 'Overzicht van opdrachten'; Hoofdnet adds the type and a plan status
 * line. The actions column only when the screen offers an action.
 */
export function opdrachtColumns(options: {
  flow: Flow;
  renderActions?: (opdracht: OpdrachtView) => ReactNode;
}): DataTableColumn<OpdrachtView>[] {
  const { flow, renderActions } = options;
  const columns: (DataTableColumn<OpdrachtView> | false)[] = [
    {
      id: 'opdrachtId',
      label: LABELS.monitoring.opdrachtId,
      sortable: true,
      render: (row) => row.opdrachtId,
    },
    flow === 'hoofdnet' && {
      id: 'type',
      label: LABELS.monitoring.type,
      truncate: TRUNCATE.type,
      render: (row) => row.type,
    },
    { id: 'versienummer', label: LABELS.monitoring.versienummer, render: (row) => row.versienummer },
    {
      id: 'opdrachtgever',
      label: LABELS.monitoring.opdrachtgever,
      truncate: TRUNCATE.party,
      render: (row) => row.opdrachtgever,
    },
    {
      id: 'opdrachtnemer',
      label: LABELS.monitoring.opdrachtnemer,
      truncate: TRUNCATE.party,
      render: (row) => row.opdrachtnemer,
    },
    {
      id: 'status',
      label: LABELS.monitoring.status,
      // Wide enough for most statuses on one line ('Technisch gereed goedgekeurd').
      width: 208,
      render: (row) => <Status opdracht={row} flow={flow} />,
    },
    {
      id: 'created',
      label: LABELS.monitoring.created,
      sortable: true,
      render: (row) => <DateTimeCell value={row.created} />,
    },
    {
      id: 'changed',
      label: LABELS.monitoring.changed,
      sortable: true,
      render: (row) => <DateTimeCell value={row.changed} />,
    },
    renderActions !== undefined && { id: 'actions', label: LABELS.opdrachten.actions, render: renderActions },
  ];
  return columns.filter((column) => column !== false);
}
