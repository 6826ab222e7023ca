import type { Version } from '@knooppunt/domain';

/** What the search needs of a chosen version: its id (to compare), its number, owner, bericht versie and effective date. */
export type VersionRef = Pick<Version, 'netbeheerder' | 'berichtVersie' | 'versie' | 'ingangsdatum'> & { id: string };

export const refOf = (version: Version): VersionRef => ({
  id: version._id,
  netbeheerder: version.netbeheerder,
  berichtVersie: version.berichtVersie,
  versie: version.versie,
  ingangsdatum: version.ingangsdatum,
});

const SEPARATOR = '~';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A chosen version in the URL, so the results survive going to a scenario and back, and can be
 * shared: `<id>~<netbeheerder>~<berichtVersie>~<versie>~<ingangsdatum>`.
 */
export function formatVersionRef(ref: VersionRef): string {
  return [ref.id, ref.netbeheerder, ref.berichtVersie, ref.versie, ref.ingangsdatum].join(SEPARATOR);
}

export function parseVersionRef(text: string | null): VersionRef | undefined {
  const parts = text?.split(SEPARATOR) ?? [];
  if (parts.length !== 5) return undefined;
  const [id = '', netbeheerder = '', berichtVersie = '', versie = '', ingangsdatum = ''] = parts;
  const number = Number.parseInt(versie, 10);
  if (!id || !netbeheerder || !berichtVersie || !(number > 0) || !ISO_DATE.test(ingangsdatum)) return undefined;
  return { id, netbeheerder, berichtVersie, versie: number, ingangsdatum };
}

/**
 * Two chosen versions as older and newer, whatever the order they were chosen in (decision 0030):
 * the one that takes effect later is newer, and of two with the same ingangsdatum the higher
 * number — the order in which the server puts versions in force (regels/enforcement.ts).
 */
export function olderAndNewer(a: VersionRef, b: VersionRef): { older: VersionRef; newer: VersionRef } {
  const aIsNewer = a.ingangsdatum !== b.ingangsdatum ? a.ingangsdatum > b.ingangsdatum : a.versie > b.versie;
  return aIsNewer ? { older: b, newer: a } : { older: a, newer: b };
}
