/**
 * Group commit: submissions that arrive while a batch is being written wait and go together in the
 * next one. A lone submission is written at once, so an idle system adds no delay; under load each
 * transaction carries many messages, and the database work per message shrinks accordingly.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch: number) {
  let queue: { item: I; resolve: (outcome: O) => void; reject: (error: unknown) => void }[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(outcomes[i]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    running = false;
  };

  const submit = (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
  /** How many submissions wait for the next batch (the one being written not counted). */
  return Object.assign(submit, { waiting: () => queue.length });
}
