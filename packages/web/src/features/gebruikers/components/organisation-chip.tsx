import { DELEGATED_TYPE, type User } from '@knooppunt/domain';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import { LABELS } from '@/lib/texts';

export type BadgeLetter = keyof typeof LABELS.gebruikers.badges;

/**
 * The letter of the organisation chip (spec 001 §2.7). A combi organisation can also carry a
 * deelnemer, and a delegated grid operator acts for a participant, so the most specific kind wins:
 * combi, then delegated, then participant; O when the organisation is none of these.
 */
export function badgeOf(user: User): BadgeLetter {
  if (user.metadata.combi) return 'C';
  if (user.metadata.delegerende || user.organisatieType === DELEGATED_TYPE) return 'G';
  if (user.metadata.deelnemer) return 'D';
  return 'O';
}

const BADGE_COLOURS: Record<BadgeLetter, string> = {
  C: 'secondary.main',
  G: 'warning.dark',
  D: 'primary.main',
  O: 'grey.500',
};

export function OrganisationChip({ user }: { user: User }) {
  const letter = badgeOf(user);
  const kind = LABELS.gebruikers.badges[letter];
  return (
    <Chip
      size="small"
      variant="outlined"
      avatar={
        <Avatar aria-label={kind} title={kind} sx={{ bgcolor: BADGE_COLOURS[letter], '&&': { color: 'common.white' } }}>
          {letter}
        </Avatar>
      }
      label={user.organisatie}
    />
  );
}
