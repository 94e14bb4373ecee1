import { MAX_TIMER_MS } from '../../protocol/deadline';
import { DeadlineQueue } from './deadline-queue';

/** The deadlines of many keys on one timer: see {@link expiryClock}. */
export interface ExpiryClock<K> {
  /** Has `key` expire at `at` (epoch ms), unless it is deleted before. */
  add(key: K, at: number): void;
  /** Forgets `key`, added to expire at `at`. */
  delete(key: K, at: number): void;
  /** Stops the timer and forgets every key; a later {@link add} starts it again. */
  clear(): void;
}

/**
 * A clock that calls `expire` for each key whose deadline has come. Requests are answered in
 * microseconds and time out in seconds, so one timer for all of them replaces a timer made and
 * cleared per request: it is armed for the earliest deadline, and when it fires it ends what is
 * due, found by deadline ({@link DeadlineQueue}) without a look at the keys still in time. The
 * timer is unref'd: the connection the requests wait on keeps the process alive.
 */
export function expiryClock<K>(expire: (key: K) => void): ExpiryClock<K> {
  const deadlines = new DeadlineQueue<K>();
  let timer: NodeJS.Timeout | undefined;
  let armedAt = Number.POSITIVE_INFINITY;

  function fire(): void {
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
    for (const key of deadlines.takeDue(Date.now())) expire(key);
    const next = deadlines.next();
    if (next !== Number.POSITIVE_INFINITY) arm(next);
  }

  function arm(at: number): void {
    // Not `at >= armedAt`: a NaN deadline, which is never due, arms nothing.
    if (!(at < armedAt)) return;
    if (timer) clearTimeout(timer);
    armedAt = at;
    // Timers may fire a millisecond before Date.now() reaches `at`: the sweep then arms again.
    timer = setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(1, at - Date.now())));
    timer.unref();
  }

  return {
    add(key, at) {
      deadlines.add(key, at);
      arm(at);
    },
    delete: (key, at) => deadlines.delete(key, at),
    clear() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      armedAt = Number.POSITIVE_INFINITY;
      deadlines.clear();
    },
  };
}
