import { FLOW_SCREEN_TITLES, type Flow } from '@knooppunt/domain';
import { NamensGate } from '@/components/namens-select/namens-gate';
import { LABELS } from '@/lib/texts';
import { MESSAGE_FILTER_DEFAULTS, MessageListPage } from './message-list-page';

/**
 * 'Uitval' of one flow (spec 001 §2.6): /uitval and /hoofdnet/uitval, the messages whose delivery
 * failed. An implementation partner's user handles those of the participant chosen under 'Namens'
 * (decision 0041).
 */
export function UitvalScreen({ flow }: { flow: Flow }) {
  return (
    <NamensGate title={FLOW_SCREEN_TITLES.uitval[flow]} texts={LABELS.actingFor.uitval}>
      {(namensSelect) => (
        <MessageListPage flow={flow} variant="uitval" filterDefaults={MESSAGE_FILTER_DEFAULTS} above={namensSelect} />
      )}
    </NamensGate>
  );
}
