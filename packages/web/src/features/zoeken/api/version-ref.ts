import type { Version } from '@knooppunt/domain';

/** What the search needs of a chosen version: its id (to compare) and its number, owner and bericht versie. */
export type VersionRef = Pick<Version, 'netbeheerder' | 'berichtVersie' | 'versie'> & { id: string };

export const refOf = (version: Version): VersionRef => ({
  id: version._id,
  netbeheerder: version.netbeheerder,
  berichtVersie: version.berichtVersie,
  versie: version.versie,
});

const SEPARATOR = '~';

/**
 * A chosen version in the URL, so the results survive going to a scenario and back, and can be
 * shared: `<id>~<netbeheerder>~<berichtVersie>~<versie>`.
 */
export function formatVersionRef(ref: VersionRef): string {
  return [ref.id, ref.netbeheerder, ref.berichtVersie, ref.versie].join(SEPARATOR);
}

export function parseVersionRef(text: string | null): VersionRef | undefined {
  const parts = text?.split(SEPARATOR) ?? [];
  if (parts.length !== 4) return undefined;
  const [id = '', netbeheerder = '', berichtVersie = '', versie = ''] = parts;
  const number = Number.parseInt(versie, 10);
  if (!id || !netbeheerder || !berichtVersie || !(number > 0)) return undefined;
  return { id, netbeheerder, berichtVersie, versie: number };
}
