import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'run';

/**
 * The run whose report is open, in the URL beside the list's own state as `?run=<id>`: a report
 * can be bookmarked and sent to a colleague, and the back button closes it.
 */
export function useOpenRun(): [string | undefined, (id: string | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get(PARAM) || undefined;
  const setOpen = useCallback(
    (id: string | undefined) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (id) params.set(PARAM, id);
        else params.delete(PARAM);
        return params;
      }),
    [setSearchParams],
  );
  return [open, setOpen];
}
