/**
 * An ILIKE pattern for "contains": `%` and `_` (and the escape itself) typed by a user mean the
 * characters themselves, not wildcards.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
