import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button/copy-button';
import { LABELS } from '@/lib/texts';

/** Lets a long URL or id break after a '/', '-' or '.', not in the middle of a word. */
function breakable(text: string): ReactNode[] {
  return text.split(/(?<=[/.-])/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
}

/** A value to copy: its label above, the value in a monospace box, a copy button beside it. */
export function CopyableValue({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Box
          aria-labelledby={id}
          role="textbox"
          aria-readonly
          sx={{
            flex: 1,
            minWidth: 0,
            px: 1.5,
            py: 1,
            bgcolor: 'grey.100',
            borderRadius: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: '0.8125rem',
            overflowWrap: 'anywhere',
          }}
        >
          {breakable(text)}
        </Box>
        <CopyButton text={text} label={LABELS.common.copy(label)} />
      </Stack>
    </Box>
  );
}
