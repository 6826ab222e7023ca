/**
 * Timers for the demo's traffic that never keep the process alive, and whose tasks one call
 * cancels and another awaits.
 */
export interface DemoTimers {
  /** Runs `task` after `ms` unless cancelled first; does nothing once cancelled. */
  later(ms: number, task: () => Promise<void> | void): void;
  /** Runs `task` every `ms` until cancelled. */
  every(ms: number, task: () => Promise<void> | void): void;
  /** Cancels every pending timer; later calls to `later` and `every` are ignored. */
  cancelAll(): void;
  /** Settles when the tasks that already started have finished. */
  idle(): Promise<void>;
  /** Pending timers plus running tasks: 0 once cancelled and idle. */
  readonly size: number;
}

export function createDemoTimers(onError: (error: unknown) => void): DemoTimers {
  const pending = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let cancelled = false;

  const run = (task: () => Promise<void> | void) => {
    if (cancelled) return;
    const done = Promise.resolve()
      .then(task)
      .catch(onError)
      .finally(() => running.delete(done));
    running.add(done);
  };

  return {
    later(ms, task) {
      if (cancelled) return;
      const timer = setTimeout(() => {
        pending.delete(timer);
        run(task);
      }, ms);
      timer.unref();
      pending.add(timer);
    },
    every(ms, task) {
      if (cancelled) return;
      const timer = setInterval(() => run(task), ms);
      timer.unref();
      pending.add(timer);
    },
    cancelAll() {
      cancelled = true;
      // clearTimeout clears an interval too.
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    get size() {
      return pending.size + running.size;
    },
  };
}
