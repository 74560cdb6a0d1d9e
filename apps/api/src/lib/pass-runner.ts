import type { Logger } from 'pino';

export type PassRunner = {
  /** Starts a pass now, or one more right after the pass under way. */
  wake: () => void;
  closed: () => boolean;
  /** Resolves once a pass ran and nothing is due any more (or the runner closed). */
  idle: () => Promise<void>;
  /** Stops the timer and waits for the pass under way. */
  close: () => Promise<void>;
};

/**
 * A job that works off a table in passes (the mail outbox, the webhook deliveries): one pass at a time, a wake during
 * a pass runs one more after it, and a timer wakes it every `pollMs`, so work another process queued is found too.
 */
export function passRunner(options: {
  name: string;
  pass: () => Promise<void>;
  /** Whether anything is due now, for `idle`. */
  due: () => Promise<boolean>;
  pollMs: number;
  log: Logger;
}): PassRunner {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  function wake(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await options.pass();
      } while (again && !closed);
    })()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(wake, options.pollMs);
  timer.unref();

  return {
    wake,
    closed: () => closed,
    async idle() {
      for (;;) {
        if (running) await running;
        wake();
        await running;
        if (closed || !(await options.due())) return;
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
