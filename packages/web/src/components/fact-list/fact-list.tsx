import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type Fact = [term: string, value: ReactNode];

/**
 * Terms and their values as a description list in two columns, the term in the secondary colour:
 * the facts of an audit entry, a test run or one of its steps.
 */
export function FactList({
  facts,
  gap = 0.5,
  centred = false,
}: {
  facts: readonly Fact[];
  gap?: number;
  /** Terms centred beside their values (values that are chips and buttons); else at the top. */
  centred?: boolean;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        alignItems: centred ? 'center' : 'stretch',
        gap,
        columnGap: 2,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
