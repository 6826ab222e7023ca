import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFilterDraft } from './use-filter-draft';

type Filters = { sender: string; opdrachtId: string };
const DEFAULTS: Filters = { sender: '', opdrachtId: '' };

function renderDraft(initial: Filters) {
  const setFilters = vi.fn();
  const view = renderHook(
    ({ filters }: { filters: Filters }) => useFilterDraft({ filters, filterDefaults: DEFAULTS, setFilters }),
    { initialProps: { filters: initial } },
  );
  return { ...view, setFilters };
}

describe('useFilterDraft', () => {
  it('follows filters applied elsewhere', () => {
    const { result, rerender } = renderDraft(DEFAULTS);
    rerender({ filters: { sender: 'Netbeheer_Noord', opdrachtId: 'A-1' } });
    expect(result.current.values).toEqual({ sender: 'Netbeheer_Noord', opdrachtId: 'A-1' });
  });

  it('keeps what the user typed when an earlier choice is applied after the typing', () => {
    const { result, rerender, setFilters } = renderDraft(DEFAULTS);
    act(() => result.current.apply('sender', 'Netbeheer_Noord'));
    expect(setFilters).toHaveBeenLastCalledWith({ sender: 'Netbeheer_Noord', opdrachtId: '' });
    // The user types before the navigation of the choice has rendered.
    act(() => result.current.setValue('opdrachtId', 'A-1'));
    rerender({ filters: { sender: 'Netbeheer_Noord', opdrachtId: '' } });
    expect(result.current.values).toEqual({ sender: 'Netbeheer_Noord', opdrachtId: 'A-1' });
    act(() => result.current.submit());
    expect(setFilters).toHaveBeenLastCalledWith({ sender: 'Netbeheer_Noord', opdrachtId: 'A-1' });
  });

  it('refreshes without edits, and resets fields and list to the defaults', () => {
    const onRefresh = vi.fn();
    const setFilters = vi.fn();
    const { result } = renderHook(() =>
      useFilterDraft(
        { filters: { sender: 'X', opdrachtId: 'B' }, filterDefaults: DEFAULTS, setFilters },
        { onRefresh },
      ),
    );
    act(() => result.current.submit());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    act(() => result.current.setValue('opdrachtId', 'C'));
    act(() => result.current.reset());
    expect(result.current.values).toEqual(DEFAULTS);
    expect(setFilters).toHaveBeenLastCalledWith(DEFAULTS);
  });
});
