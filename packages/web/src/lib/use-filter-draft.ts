import { useState } from 'react';
import type { FilterValues, ListParams } from './use-list-params';

export interface FilterDraft<F extends FilterValues> {
  /** What the filter fields show: the applied filters plus the user's edits since. */
  values: F;
  setValue: <K extends keyof F>(name: K, value: F[K]) => void;
  /** Changes one field and applies the draft at once: for the fields that need no 'Zoeken' (a choice, a toggle). */
  apply: <K extends keyof F>(name: K, value: F[K]) => void;
  /** Applies the edited filters ('Zoeken', Enter); without edits it fetches the list again when it can. */
  submit: () => void;
  /** Back to the defaults, in the fields and in the list ('Reset'). */
  reset: () => void;
}

export interface FilterDraftOptions {
  /** Fetches the same list again: 'Zoeken' without edits refreshes a live list (the monitoring lists). */
  onRefresh?: () => void;
}

/**
 * The filter fields of a list that applies its filters on 'Zoeken' or Enter: edits stay local
 * until submitted. When the applied filters change from elsewhere (back button, a link) the fields
 * follow them.
 */
export function useFilterDraft<F extends FilterValues>(
  list: Pick<ListParams<F, string>, 'filters' | 'filterDefaults' | 'setFilters'>,
  options: FilterDraftOptions = {},
): FilterDraft<F> {
  const applied = JSON.stringify(list.filters);
  const [draft, setDraft] = useState({ applied, values: list.filters });
  // Adjusting state while rendering (instead of in an effect) avoids a render with stale fields.
  if (draft.applied !== applied) setDraft({ applied, values: list.filters });

  return {
    values: draft.values,
    setValue: (name, value) => setDraft((current) => ({ ...current, values: { ...current.values, [name]: value } })),
    apply: (name, value) => {
      const values = { ...draft.values, [name]: value };
      setDraft((current) => ({ ...current, values }));
      list.setFilters(values);
    },
    submit: () => {
      // The URL would not change, so nothing would be fetched: ask for the list again instead.
      if (JSON.stringify(draft.values) === applied) options.onRefresh?.();
      else list.setFilters(draft.values);
    },
    reset: () => {
      setDraft((current) => ({ ...current, values: list.filterDefaults }));
      list.setFilters(list.filterDefaults);
    },
  };
}
