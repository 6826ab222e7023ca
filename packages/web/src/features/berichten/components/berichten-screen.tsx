import type { Flow } from '@knooppunt/domain';
import { FilterSwitch } from '@/components/filter-bar/filter-fields';
import { LABELS } from '@/lib/texts';
import { ERROR_ONLY } from './message-search-body';
import { MESSAGE_FILTER_DEFAULTS, MessageListPage } from './message-list-page';

const FILTER_DEFAULTS = { ...MESSAGE_FILTER_DEFAULTS, failedAttempts: '' };

/** 'Overzicht van berichten' of one flow (spec 000 §2): /berichten (Aansluiting) and /hoofdnet/berichten. */
export function BerichtenScreen({ flow }: { flow: Flow }) {
  return (
    <MessageListPage
      flow={flow}
      variant="berichten"
      filterDefaults={FILTER_DEFAULTS}
      ownFilters={(draft) => (
        <FilterSwitch draft={draft} name="failedAttempts" label={LABELS.monitoring.errorOnly} onValue={ERROR_ONLY} />
      )}
    />
  );
}
