import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { LABELS } from '@/lib/texts';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's tooltip, and its name unless `name` is given, such as 'Trace ID kopiëren'. */
  label: string;
  /** The button's accessible name when the tooltip alone is not enough: in a list, which row's value. */
  name?: string;
  /** The tooltip once copied. */
  copiedLabel?: string;
}

/** Copies a value to the clipboard and says in its tooltip whether that worked. */
export function CopyButton({ text, label, name = label, copiedLabel = LABELS.common.copied }: CopyButtonProps) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const title = copied === 'yes' ? copiedLabel : copied === 'failed' ? LABELS.common.copyFailed : label;
  const copy = async () => {
    try {
      // Outside a secure context there is no clipboard at all.
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Tooltip title={title} onClose={() => setCopied(undefined)}>
      <IconButton size="small" aria-label={name} onClick={() => void copy()}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
