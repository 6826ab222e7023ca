const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store `value` as text: no NUL character, no lone surrogate. */
export const storableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
