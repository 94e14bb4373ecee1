import { isPromiseLike } from '../protocol/deadline';

/** Runs at most `max` tasks at once; the others wait in arrival order, up to a bound. */
export interface Limiter {
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a free slot. */
  readonly waiting: number;
  /** True when every slot is taken and the wait queue holds its most: refuse the next task. */
  readonly full: boolean;
  /**
   * Runs `task` as soon as a slot is free (even when {@link full}: the caller checks), telling it
   * whether it waited for one. With a slot free it runs at once, and what it returns comes back as
   * it is: a value (the slot free again), or a promise that settles once the slot is.
   */
  run<T>(task: (waited: boolean) => T | PromiseLike<T>): T | Promise<T>;
  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void>;
  /** Starts every waiting task now, past the cap: the replica leaves, and each refuses itself. */
  wakeAll(): void;
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

  /**
   * Runs `task` in a slot already taken and frees it when the task is done. A task done at once
   * costs no promise: a replica's call to a method that returns a value is served in the turn
   * that read it (docs/history/performance-log.md, "Where the hop's instructions go").
   */
  function hold<T>(task: (waited: boolean) => T | PromiseLike<T>, waited: boolean): T | Promise<T> {
    let result: T | PromiseLike<T>;
    try {
      result = task(waited);
    } catch (error) {
      release();
      throw error;
    }
    if (!isPromiseLike(result)) {
      release();
      return result;
    }
    return Promise.resolve(result).finally(release);
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
    run(task) {
      if (active < max) {
        active++;
        return hold(task, false);
      }
      return new Promise<void>((resolve) => queue.push(resolve)).then(() => hold(task, true));
    },
    idle() {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    wakeAll() {
      const waiting = queue.splice(0);
      active += waiting.length;
      for (const wake of waiting) wake();
    },
  };
}
