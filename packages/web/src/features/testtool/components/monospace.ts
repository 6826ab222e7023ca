/** Ids, headers and message bodies: read character by character, so in a monospace font. */
export const MONOSPACE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.8125rem',
} as const;
