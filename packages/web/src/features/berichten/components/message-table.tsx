import type { Flow, MessageView } from '@knooppunt/domain';
import { useState } from 'react';
import { LABELS } from '@/lib/texts';
import { DataTable, type DataTableQuery } from '@/components/data-table/data-table';
import type { ListTableState } from '@/lib/use-list-params';
import { MessageActions } from './message-actions';
import { messageColumns } from './message-columns';
import { MessagePanel } from '@/components/message-panel/message-panel';
import { useResend } from './use-resend';

interface MessageTableProps {
  flow: Flow;
  /** The table's accessible name: the screen's title. */
  label: string;
  list: ListTableState;
  /** The list's search query. */
  query: DataTableQuery<MessageView>;
  /** Berichten: with the receiver column and the copy-trace-id button; Uitval: without. */
  variant: 'berichten' | 'uitval';
}

/** The table of a message list with its row options and the panel a row click opens. */
export function MessageTable({ flow, label, list, query, variant }: MessageTableProps) {
  const resend = useResend(flow);
  const [panelMessage, setPanelMessage] = useState<MessageView>();
  const columns = messageColumns({
    receiver: variant === 'berichten',
    renderOptions: (message) => (
      <MessageActions
        message={message}
        onResend={resend.resend}
        busy={resend.busy(message)}
        copyTraceId={variant === 'berichten'}
      />
    ),
  });

  return (
    <>
      <DataTable
        list={list}
        query={query}
        label={label}
        columns={columns}
        getRowId={(message) => message._id}
        onRowClick={setPanelMessage}
        getRowLabel={(message) => LABELS.berichten.panelTitle(message.type, message.opdrachtId)}
        wrapHeaders
      />
      <MessagePanel message={panelMessage} onClose={() => setPanelMessage(undefined)} />
    </>
  );
}
