/** Runs at most `max` tasks at once; the others wait in arrival order, up to a bound. */
export interface Limiter {
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a free slot. */
  readonly waiting: number;
  /** True when every slot is taken and the wait queue holds its most: refuse the next task. */
  readonly full: boolean;
  /** Runs `task` as soon as a slot is free (even when {@link full}: the caller checks). */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void>;
}

/** Creates a {@link Limiter} with `max` slots and room for `maxWaiting` tasks to wait. */
export function createLimiter(max: number, maxWaiting = Number.POSITIVE_INFINITY): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new TypeError('concurrency must be at least 1');
  const queue: (() => void)[] = [];
  let active = 0;
  let idleWaiters: (() => void)[] = [];

  function release(): void {
    active--;
    const next = queue.shift();
    if (next) {
      active++;
      next();
    } else if (active === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get full() {
      return active >= max && queue.length >= maxWaiting;
    },
    async run(task) {
      if (active < max) active++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    idle() {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
