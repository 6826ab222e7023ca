import type { MessageView, OpdrachtHistory, OpdrachtHistoryBericht } from '@knooppunt/domain';
import { useState } from 'react';
import { MessagePanel } from '@/components/message-panel/message-panel';
import { SidePanel } from '@/components/side-panel/side-panel';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { LoadErrorState } from '@/components/status/error-state';
import { LABELS } from '@/lib/texts';
import { useOpdrachtHistorie } from '../api/get-opdracht-historie';
import { HistoryBerichten } from './history-berichten';
import { HistoryBewijsdossier } from './history-bewijsdossier';
import { HistoryActies, HistoryHeader, HistoryLeveringen, HistorySection, HistoryTermijnen } from './history-sections';

const T = LABELS.opdrachten.historie;

interface OpdrachtHistoryPanelProps {
  /** The order whose history is open; none: the panel is closed. */
  opdrachtId: string | undefined;
  onClose: () => void;
}

/**
 * The right-hand panel a row of Opdrachten opens (issue 32, decision 0059): the order, how its
 * netbeheerder's deadlines went (decision 0063), its messages with their delivery and the status
 * each brought, its leveringen (Hoofdnet) and the manual actions on it. A message opens its own panel over it, the one Berichten shows.
 */
export function OpdrachtHistoryPanel({ opdrachtId, onClose }: OpdrachtHistoryPanelProps) {
  // The last order stays on screen while the panel slides away.
  const [shown, setShown] = useState(opdrachtId);
  if (opdrachtId && opdrachtId !== shown) setShown(opdrachtId);
  return (
    <SidePanel open={Boolean(opdrachtId)} title={shown ? T.title(shown) : ''} onClose={onClose}>
      {opdrachtId && <OpdrachtHistoryContent opdrachtId={opdrachtId} />}
    </SidePanel>
  );
}

function OpdrachtHistoryContent({ opdrachtId }: { opdrachtId: string }) {
  const { data: history, error, isFetching, refetch } = useOpdrachtHistorie(opdrachtId);
  const [message, setMessage] = useState<MessageView>();
  if (!history) {
    // A failed fetch shows its error alert too.
    if (error && !isFetching) {
      return <LoadErrorState title={T.fetchFailed} error={error} onRetry={() => void refetch()} />;
    }
    return <CenteredSpinner />;
  }
  return (
    <>
      <HistoryHeader history={history} />
      <HistoryBewijsdossier opdrachtId={history.opdrachtId} />
      {history.termijnen.length > 0 && (
        <HistorySection title={T.termijnen}>
          <HistoryTermijnen termijnen={history.termijnen} />
        </HistorySection>
      )}
      <HistorySection title={T.berichten}>
        <HistoryBerichten
          berichten={history.berichten}
          onOpen={(bericht) => setMessage(messageViewOf(history, bericht))}
        />
      </HistorySection>
      {history.flow === 'hoofdnet' && (
        <HistorySection title={T.leveringen}>
          <HistoryLeveringen leveringen={history.leveringen} />
        </HistorySection>
      )}
      <HistorySection title={T.acties}>
        <HistoryActies history={history} />
      </HistorySection>
      <MessagePanel message={message} onClose={() => setMessage(undefined)} />
    </>
  );
}

/** A message of the history as the message panel of Berichten shows it (spec 000 §3 'Message'). */
function messageViewOf(history: OpdrachtHistory, bericht: OpdrachtHistoryBericht): MessageView {
  return {
    _id: bericht.id,
    opdrachtId: history.opdrachtId,
    sender: bericht.sender,
    receiver: bericht.receiver,
    type: bericht.type,
    versienummer: bericht.versienummer,
    created: bericht.created,
    failedAttempts: bericht.failedAttempts,
    lastAttempt: bericht.lastAttempt,
    nextAttempt: bericht.nextAttempt,
    deliveredAt: bericht.deliveredAt,
    data: bericht.data,
    err: bericht.err,
    dataRemoved: bericht.dataRemoved,
  };
}
