import unhomoglyph from 'unhomoglyph';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const WHITESPACE_RUNS = /\s+/gu;

/**
 * The UTS #39 skeleton (§4): NFD, without default-ignorable code points, each character replaced
 * by its prototype in Unicode's confusables.txt (the data of `unhomoglyph`), NFD again. Two texts
 * with the same skeleton look alike; a skeleton is for comparing only, never for showing.
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');
}

/**
 * What a name is compared by: the skeleton of its skeleton in lower case, so that case does not
 * hide a look-alike (`NETBEHEER_N0ORD` passes for `Netbeheer_Noord`, `lnfra` for `Infra`), with
 * runs of white space as one space, as a page shows them. Two names are look-alikes when it is equal.
 */
function comparisonKey(name: string): string {
  return skeleton(skeleton(name.replace(WHITESPACE_RUNS, ' ')).toLowerCase());
}

/**
 * The first of `existing` that `name` looks like without being it, or undefined. The same name in
 * another case is not a look-alike here: names are unique regardless of case, that is a duplicate.
 */
export function lookAlikeOf(name: string, existing: readonly string[]): string | undefined {
  const key = comparisonKey(name);
  return existing.find((other) => other.toLowerCase() !== name.toLowerCase() && comparisonKey(other) === key);
}

/** For each of `names` that looks like another of them, that other (the first one): one pass, for many names. */
export function lookAlikesAmong(names: readonly string[]): Map<string, string> {
  const byKey = new Map<string, string[]>();
  for (const name of names) {
    const key = comparisonKey(name);
    byKey.set(key, [...(byKey.get(key) ?? []), name]);
  }
  const found = new Map<string, string>();
  for (const group of byKey.values()) {
    for (const name of group) {
      const other = group.find((candidate) => candidate.toLowerCase() !== name.toLowerCase());
      if (other !== undefined) found.set(name, other);
    }
  }
  return found;
}
