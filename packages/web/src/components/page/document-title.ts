import { useEffect } from 'react';
import { LABELS } from '@/lib/texts';

/** The browser tab's title of a screen: its heading, then the portal's name (decision 0028). */
export function documentTitle(heading: string): string {
  return `${heading} – ${LABELS.appName}`;
}

/**
 * Names the browser tab after the screen's heading. The Page component calls it for every screen;
 * the few pages outside it (start, login return, not allowed, a failed route) call it themselves.
 */
export function useDocumentTitle(heading: string): void {
  useEffect(() => {
    document.title = documentTitle(heading);
  }, [heading]);
}
