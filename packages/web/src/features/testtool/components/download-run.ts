import { MESSAGE_INDENT, type RunView } from '@knooppunt/domain';
import { LABELS } from '@/lib/texts';

/**
 * Saves the run's report as `testrun-<opdrachtId>.json`: a Blob behind an object URL and a link
 * with `download`, clicked once (no script of our own on a page, which the CSP would refuse).
 */
export function downloadRun(run: RunView): void {
  const blob = new Blob([JSON.stringify(run, null, MESSAGE_INDENT)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = LABELS.testtool.report.fileName(run.opdrachtId);
  // In the document while clicked: not every browser follows a link that is not.
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
