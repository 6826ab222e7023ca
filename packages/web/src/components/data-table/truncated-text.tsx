import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';

interface TruncatedTextProps {
  /** The widest the value may be, in px; a longer one ends in an ellipsis. */
  maxWidth: number;
  children: ReactNode;
}

/**
 * A list cell's value on one line, at most `maxWidth` wide: a longer value is cut with an ellipsis
 * and its tooltip gives the whole value (a screen reader reads the whole value anyway). The
 * tooltip only appears when the value is cut. DataTable uses it for a column with `truncate`.
 */
export function TruncatedText({ maxWidth, children }: TruncatedTextProps) {
  const [whole, setWhole] = useState('');
  return (
    // describeChild: the value is the element's own text; no aria-label on an element without a role.
    <Tooltip describeChild title={whole}>
      <Box
        component="span"
        data-truncated-text
        onMouseEnter={(event) => {
          const element = event.currentTarget;
          setWhole(element.scrollWidth > element.clientWidth ? (element.textContent ?? '') : '');
        }}
        sx={{ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}

/**
 * The widths at which the lists cut their values (px), one per kind of value, so the same value
 * is cut alike in every list: participants such as 'Combi_Rivierenland', message types such as
 * 'BeoordelingHoofdnet', free text and e-mail addresses. Ids are never cut (their end tells them
 * apart): they may break after a hyphen instead.
 */
export const TRUNCATE = {
  party: 128,
  type: 136,
  text: 200,
  email: 240,
} as const;
