import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Page } from '@/components/page/page';
import { ActingForProvider } from '@/lib/namens/acting-for-provider';
import { useNamens } from '@/lib/namens/use-namens';
import { NamensSelect, type NamensTexts } from './namens-select';

interface NamensGateProps {
  /** The screen's title: its frame shows while there is no participant to act for yet. */
  title: string;
  texts: NamensTexts;
  /** The screen, given the 'Namens' select to show above its content (none for who implements for no one). */
  children: (select: ReactNode) => ReactNode;
}

/**
 * A screen an implementation partner's user works on for a participant it is linked to (decision
 * 0041): the screen shows, and calls the server, only once that participant is chosen, and as that
 * participant. Mounted anew per participant: a panel, dialog or call under way stays with the one it
 * was opened for. Without links only why there is nothing; for anyone else the screen as it is.
 */
export function NamensGate({ title, texts, children }: NamensGateProps) {
  const namens = useNamens();
  if (!namens.partner) return children(null);
  const select = (
    <Box sx={{ mb: 3 }}>
      <NamensSelect namens={namens} texts={texts} />
    </Box>
  );
  if (!namens.namens) return <Page title={title}>{select}</Page>;
  return (
    <ActingForProvider key={namens.namens} deelnemer={namens.namens}>
      {children(select)}
    </ActingForProvider>
  );
}
