/** How one field differs between an audit entry's before and after. */
export type AuditChange = 'gewijzigd' | 'toegevoegd' | 'verwijderd';

export interface AuditDiffRow {
  /** The field, nested objects and lists flattened to dotted keys ('sender.url', 'emails.0'). */
  key: string;
  change: AuditChange;
  /** The value before as text; absent for an added field. */
  before?: string;
  /** The value after as text; absent for a removed field. */
  after?: string;
}

export interface AuditDiff {
  rows: AuditDiffRow[];
  /** How many fields are the same before and after (not listed). */
  unchanged: number;
}

/** The key of a before or after that is not an object (a text, a number): the whole value. */
export const WHOLE_VALUE_KEY = '(waarde)';

/**
 * The readable difference of an audit entry (decision 0033): before and after flattened to dotted
 * keys, and per key whether it changed, was added or was removed. Keys keep the order in which
 * before, then after, name them. A `null` or absent side has no fields: a creation adds them all.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiff {
  const old = flatten(before);
  const now = flatten(after);
  const rows: AuditDiffRow[] = [];
  let unchanged = 0;
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const inOld = old.has(key);
    const inNow = now.has(key);
    if (!inOld) rows.push({ key, change: 'toegevoegd', after: textOf(now.get(key)) });
    else if (!inNow) rows.push({ key, change: 'verwijderd', before: textOf(old.get(key)) });
    // Compared as JSON, so the number 5 and the text '5' differ.
    else if (JSON.stringify(old.get(key)) !== JSON.stringify(now.get(key))) {
      rows.push({ key, change: 'gewijzigd', before: textOf(old.get(key)), after: textOf(now.get(key)) });
    } else unchanged += 1;
  }
  return { rows, unchanged };
}

/** Every leaf of a value under its dotted key; an empty object or list is a leaf of its own. */
export function flatten(value: unknown): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (value === null || value === undefined) return leaves;
  if (!isContainer(value)) {
    leaves.set(WHOLE_VALUE_KEY, value);
    return leaves;
  }
  const walk = (node: unknown, path: string) => {
    if (isContainer(node) && Object.keys(node).length > 0) {
      for (const [name, child] of Object.entries(node)) walk(child, path ? `${path}.${name}` : name);
    } else {
      leaves.set(path, node);
    }
  };
  walk(value, '');
  return leaves;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** A text as it is, an empty one as ""; anything else as JSON (null, numbers, booleans, an empty object or list). */
function textOf(value: unknown): string {
  return typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? '');
}
