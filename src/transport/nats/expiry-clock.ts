import { MAX_TIMER_MS } from '../../protocol/deadline';

/** One timer for the deadlines of many requests: see {@link expiryClock}. */
export interface ExpiryClock {
  /** Makes sure the clock sweeps at `at` (epoch ms) or earlier. */
  due(at: number): void;
  /** Stops the timer; a later {@link due} starts it again. */
  stop(): void;
}

/**
 * A clock that calls `sweep` once the earliest deadline it was told of has come; `sweep` ends
 * what is due and returns the next deadline (`Infinity` for none). Requests are answered in
 * microseconds and time out in seconds, so one timer for all of them replaces a timer made and
 * cleared per request; it fires about once per timeout, and a sweep goes over the requests
 * waiting then. The timer is unref'd: the connection the requests wait on keeps the process alive.
 */
export function expiryClock(sweep: (now: number) => number): ExpiryClock {
  let timer: NodeJS.Timeout | undefined;
  let armedAt = Number.POSITIVE_INFINITY;

  function fire(): void {
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
    const next = sweep(Date.now());
    if (next !== Number.POSITIVE_INFINITY) due(next);
  }

  function due(at: number): void {
    if (at >= armedAt) return;
    if (timer) clearTimeout(timer);
    armedAt = at;
    // Timers may fire a millisecond before Date.now() reaches `at`: the sweep then arms again.
    timer = setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(1, at - Date.now())));
    timer.unref();
  }

  return {
    due,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      armedAt = Number.POSITIVE_INFINITY;
    },
  };
}
