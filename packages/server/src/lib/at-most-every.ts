/** Scrapes read the database at most this often; in between they answer the last reading. */
export const DATABASE_READ_INTERVAL_MS = 10_000;

/**
 * `load` at most once per interval, shared by concurrent callers; a failed reading is not kept, and
 * `forget()` makes the next call read again (after a change the caller knows of).
 */
export function atMostEvery<T>(intervalMs: number, load: () => Promise<T>): (() => Promise<T>) & { forget(): void } {
  let last: { at: number; value: Promise<T> } | undefined;
  const read = () => {
    if (last && Date.now() - last.at < intervalMs) return last.value;
    const value = load();
    const reading = { at: Date.now(), value };
    last = reading;
    value.catch(() => {
      if (last === reading) last = undefined;
    });
    return value;
  };
  return Object.assign(read, {
    forget: () => {
      last = undefined;
    },
  });
}
