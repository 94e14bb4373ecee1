import { DEFAULT_PING_TIMEOUT_MS } from './replica-ping';

/** The readiness checks of a replica watch that wait for a replica to answer. */
export interface ReadyWaiters {
  /**
   * True at once when `ready()` is; else waits until {@link wakeAll} or for
   * `DEFAULT_PING_TIMEOUT_MS`, after which it answers `ready()` again.
   */
  wait(ready: () => boolean): Promise<boolean>;
  /** Answers every check still waiting with `ready`. */
  wakeAll(ready: boolean): void;
}

/** Creates an empty {@link ReadyWaiters}. */
export function readyWaiters(): ReadyWaiters {
  // A set, so that a check leaves it in O(1): waking k checks is O(k), not O(k²).
  const waiters = new Set<(ready: boolean) => void>();
  return {
    wait(ready) {
      if (ready()) return Promise.resolve(true);
      // A check that timed out leaves the waiters: a probe that asks while no replica runs would
      // otherwise add one per check, for as long as none comes.
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => wake(ready()), DEFAULT_PING_TIMEOUT_MS).unref();
        function wake(answer: boolean): void {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(answer);
        }
        waiters.add(wake);
      });
    },
    wakeAll(ready) {
      const woken = [...waiters];
      waiters.clear();
      for (const wake of woken) wake(ready);
    },
  };
}
