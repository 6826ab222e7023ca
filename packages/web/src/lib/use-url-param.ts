import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const NO_RESETS: readonly string[] = [];

/**
 * One value of the screen in the URL beside the list's own state (`?run=<id>`, `?tab=bericht`,
 * `?namens=…`): a report or a choice can be bookmarked and sent to a colleague, and the back button
 * undoes it. Setting it drops `resets` (the list's page, when the value changes the list): a
 * constant, as it keys the setter.
 */
export function useUrlParam(
  name: string,
  resets: readonly string[] = NO_RESETS,
): [string | undefined, (value: string | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name) || undefined;
  const setValue = useCallback(
    (next: string | undefined) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next) params.set(name, next);
        else params.delete(name);
        resets.forEach((reset) => params.delete(reset));
        return params;
      }),
    [setSearchParams, name, resets],
  );
  return [value, setValue];
}
