/**
 * A job every process runs on a timer (the alerts, the daily deadline mail, the refresh of the
 * late orders): `run` every `everyMs`, never two at once — a tick while one runs is skipped — and
 * `stop` waits for the one running. The timer keeps no process alive.
 */
export interface Periodic {
  /** Starts the timer; with `atStart`, runs once at once too. */
  start(): void;
  stop(): Promise<void>;
}

export function periodic(
  run: () => Promise<unknown>,
  options: { everyMs: number; atStart?: boolean; onError: (error: unknown) => void },
): Periodic {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer) return;
      if (options.atStart) tick();
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
