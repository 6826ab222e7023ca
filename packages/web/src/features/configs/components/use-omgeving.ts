import { omgevingSchema, type Omgeving } from '@knooppunt/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LABELS } from '@/lib/texts';

const PARAM = 'omgeving';
const PRODUCTIE: Omgeving = 'productie';

/**
 * The environment whose configurations are shown, in the URL beside the list's own state as
 * `?omgeving=test`; without it (or with anything else) production, as before there was a choice.
 */
export function useOmgeving(): [Omgeving, (omgeving: Omgeving) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = omgevingSchema.safeParse(searchParams.get(PARAM));
  const omgeving = parsed.success ? parsed.data : PRODUCTIE;
  const setOmgeving = useCallback(
    (next: Omgeving) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === PRODUCTIE) params.delete(PARAM);
        else params.set(PARAM, next);
        // The other environment's list has pages of its own.
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return [omgeving, setOmgeving];
}

/** A panel's or dialog's title, marked when it is about the test environment's configurations. */
export function titleIn(omgeving: Omgeving, title: string): string {
  return omgeving === 'test' ? LABELS.configs.inTest(title) : title;
}
