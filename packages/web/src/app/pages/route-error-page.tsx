import { useRouteError } from 'react-router';
import { ErrorState } from '@/components/status/error-state';
import { useDocumentTitle } from '@/components/page/document-title';
import { LABELS } from '@/lib/texts';

/** A screen that failed to load or render, typically a chunk gone after a new release. */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle(LABELS.shell.routeFailed);
  return (
    <ErrorState
      title={LABELS.shell.routeFailed}
      message={error instanceof Error ? error.message : undefined}
      action={{ label: LABELS.common.retry, onClick: () => window.location.reload() }}
    />
  );
}
