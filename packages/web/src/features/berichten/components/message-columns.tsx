import type { MessageView } from '@knooppunt/domain';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE } from '@/components/data-table/truncated-text';
import { LABELS } from '@/lib/texts';

/** At most two lines, so a long error does not push the options off a narrow screen; the whole text on hover. */
function ErrorMessage({ message }: { message: MessageView }) {
  if (!message.err) return null;
  return (
    <Typography
      variant="body2"
      title={message.err.msg}
      sx={{
        color: 'error.main',
        minWidth: 120,
        maxWidth: 220,
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 2,
        overflow: 'hidden',
      }}
    >
      {message.err.msg}
    </Typography>
  );
}

/**
 * The columns of the message lists: Berichten (spec 000 §2) and, without the receiver, Uitval
 * (spec 001 §2.6). Sortable where the server sorts: opdrachtId, created and nextAttempt.
 */
export function messageColumns(options: {
  receiver: boolean;
  renderOptions: (message: MessageView) => ReactNode;
}): DataTableColumn<MessageView>[] {
  const columns: (DataTableColumn<MessageView> | false)[] = [
    {
      id: 'opdrachtId',
      label: LABELS.monitoring.opdrachtId,
      sortable: true,
      render: (row) => row.opdrachtId,
    },
    { id: 'sender', label: LABELS.berichten.sender, truncate: TRUNCATE.party, render: (row) => row.sender },
    options.receiver && {
      id: 'receiver',
      label: LABELS.berichten.receiver,
      truncate: TRUNCATE.party,
      render: (row) => row.receiver,
    },
    { id: 'type', label: LABELS.berichten.type, truncate: TRUNCATE.type, render: (row) => row.type },
    {
      id: 'created',
      label: LABELS.monitoring.created,
      sortable: true,
      render: (row) => <DateTimeCell value={row.created} />,
    },
    {
      id: 'failedAttempts',
      label: LABELS.berichten.failedAttempts,
      align: 'right',
      render: (row) => row.failedAttempts,
    },
    {
      id: 'lastAttempt',
      label: LABELS.berichten.lastAttempt,
      render: (row) => <DateTimeCell value={row.lastAttempt} />,
    },
    {
      id: 'nextAttempt',
      label: LABELS.berichten.nextAttempt,
      sortable: true,
      render: (row) => <DateTimeCell value={row.nextAttempt} />,
    },
    { id: 'error', label: LABELS.berichten.error, render: (row) => <ErrorMessage message={row} /> },
    { id: 'options', label: LABELS.berichten.options, width: 88, render: options.renderOptions },
  ];
  return columns.filter((column) => column !== false);
}
