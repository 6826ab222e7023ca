import { useState } from 'react';
import type { FilterValues, ListParams } from './use-list-params';

/**
 * `setValue` and `apply` are methods, not function-typed properties, so that the draft of a list
 * with more filters serves fields written for some of them (the message lists' shared fields,
 * features/berichten message-list-page.tsx).
 */
export interface FilterDraft<F extends FilterValues> {
  /** What the filter fields show: the applied filters plus the user's edits since. */
  values: F;
  setValue<K extends keyof F>(name: K, value: F[K]): void;
  /** Changes one field and applies the draft at once: for the fields that need no 'Zoeken' (a choice, a toggle). */
  apply<K extends keyof F>(name: K, value: F[K]): void;
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
 * until submitted. When the applied filters change from elsewhere (back button, a link, or a
 * choice applied a moment ago whose navigation renders only now) the fields follow them — except
 * the fields the user has edited since the last apply, which keep what was typed.
 */
export function useFilterDraft<F extends FilterValues>(
  list: Pick<ListParams<F, string>, 'filters' | 'filterDefaults' | 'setFilters'>,
  options: FilterDraftOptions = {},
): FilterDraft<F> {
  const applied = JSON.stringify(list.filters);
  const [draft, setDraft] = useState({ applied, values: list.filters, edited: [] as (keyof F)[] });
  // Adjusting state while rendering (instead of in an effect) avoids a render with stale fields.
  if (draft.applied !== applied) {
    const kept = Object.fromEntries(draft.edited.map((name) => [name, draft.values[name]]));
    setDraft({ applied, values: { ...list.filters, ...kept }, edited: draft.edited });
  }

  const applyValues = (values: F) => {
    setDraft((current) => ({ ...current, values, edited: [] }));
    list.setFilters(values);
  };
  return {
    values: draft.values,
    setValue: (name, value) =>
      setDraft((current) => ({
        ...current,
        values: { ...current.values, [name]: value },
        edited: current.edited.includes(name) ? current.edited : [...current.edited, name],
      })),
    apply: (name, value) => applyValues({ ...draft.values, [name]: value }),
    submit: () => {
      // The URL would not change, so nothing would be fetched: ask for the list again instead.
      if (JSON.stringify(draft.values) === applied) options.onRefresh?.();
      else applyValues(draft.values);
    },
    reset: () => applyValues(list.filterDefaults),
  };
}
