import { CONCURRENCY_TEXTS } from '@knooppunt/domain';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';

/**
 * Asks 'Wijzigingen verwerpen?' before a click beside a large form or Escape throws away what was
 * typed (decision 0025). `dismiss` is what the panel or dialog calls for those; an explicit
 * 'Annuleren' or close button closes without asking. Without changes it closes at once.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): { dismiss: () => void; question: ReactNode } {
  const [asking, setAsking] = useState(false);
  const dismiss = () => (dirty ? setAsking(true) : close());
  const question = (
    <ConfirmDialog
      open={asking}
      title={CONCURRENCY_TEXTS.discardTitle}
      text={CONCURRENCY_TEXTS.discardText}
      confirmLabel={CONCURRENCY_TEXTS.discardConfirm}
      cancelLabel={CONCURRENCY_TEXTS.discardCancel}
      onConfirm={() => {
        setAsking(false);
        close();
      }}
      onCancel={() => setAsking(false)}
    />
  );
  return { dismiss, question };
}
