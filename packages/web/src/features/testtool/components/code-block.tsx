import { MESSAGE_INDENT } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import { MONOSPACE } from './monospace';

/** A body as it is read best: JSON indented, anything else as it came. */
export function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, MESSAGE_INDENT);
  } catch {
    return text;
  }
}

/**
 * A message or body, wrapped rather than scrolled sideways: a region that scrolls would need the
 * keyboard's focus too.
 */
export function CodeBlock({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        ...MONOSPACE,
        m: 0,
        p: 1,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-wrap',
      }}
    >
      {children}
    </Box>
  );
}
