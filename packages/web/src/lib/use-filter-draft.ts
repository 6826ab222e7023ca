import { useState } from 'react';
import type { FilterValues, ListParams } from './use-list-params';

export interface FilterDraft<F extends FilterValues> {
  /** What the filter fields show: the applied filters plus the user's edits since. */
  values: F;
  setValue: <K extends keyof F>(name: K, value: F[K]) => void;
  /** Applies the edited filters ('Zoeken', Enter). */
  submit: () => void;
  /** Back to the defaults, in the fields and in the list ('Reset'). */
  reset: () => void;
}

/**
 * The filter fields of a list that applies its filters on 'Zoeken' or Enter: edits stay local
 * until submitted. When the applied filters change from elsewhere (back button, a link) the fields
 * follow them.
 */
export function useFilterDraft<F extends FilterValues>(
  list: Pick<ListParams<F, string>, 'filters' | 'filterDefaults' | 'setFilters'>,
): FilterDraft<F> {
  const applied = JSON.stringify(list.filters);
  const [draft, setDraft] = useState({ applied, values: list.filters });
  // Adjusting state while rendering (instead of in an effect) avoids a render with stale fields.
  if (draft.applied !== applied) setDraft({ applied, values: list.filters });

  return {
    values: draft.values,
    setValue: (name, value) => setDraft((current) => ({ ...current, values: { ...current.values, [name]: value } })),
    submit: () => list.setFilters(draft.values),
    reset: () => {
      setDraft((current) => ({ ...current, values: list.filterDefaults }));
      list.setFilters(list.filterDefaults);
    },
  };
}
