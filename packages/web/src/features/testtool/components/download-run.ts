import { MESSAGE_INDENT, type RunView } from '@knooppunt/domain';
import { downloadText } from '@/lib/download-text';
import { LABELS } from '@/lib/texts';

/** Saves the run's report as `testrun-<opdrachtId>.json`. */
export function downloadRun(run: RunView): void {
  downloadText(
    LABELS.testtool.report.fileName(run.opdrachtId),
    JSON.stringify(run, null, MESSAGE_INDENT),
    'application/json',
  );
}
