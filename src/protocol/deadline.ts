/** The longest delay Node's timers take; a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What {@link raceDeadline} does when the time is up, and when the race is decided. */
export interface DeadlineRace<T> {
  /** How long the pending outcome may take, in ms. */
  readonly ms: number;
  /** The outcome once the time is up: a value, or a throw that rejects the race. */
  expired(): T;
  /** Runs once, when the race is decided either way (a call slot is given back here). */
  settled?(): void;
  /** Turns a rejection of the pending outcome into what the race rejects with. */
  failed?(error: unknown): unknown;
}

/**
 * Settles like `pending`, or with `race.expired()` once `race.ms` passed, whichever comes first,
 * with one timer. The late outcome of `pending` is dropped, so a method that never returns costs
 * its caller no more than the deadline, and a main server or a replica no slot beyond it.
 */
export function raceDeadline<T>(pending: PromiseLike<T>, race: DeadlineRace<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let open = true;
    const decide = () => {
      if (!open) return false;
      open = false;
      race.settled?.();
      return true;
    };
    const timer = setTimeout(
      () => {
        if (!decide()) return;
        try {
          resolve(race.expired());
        } catch (error) {
          reject(error);
        }
      },
      Math.min(MAX_TIMER_MS, Math.max(0, race.ms)),
    );
    pending.then(
      (value) => {
        if (!decide()) return;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (!decide()) return;
        clearTimeout(timer);
        reject(race.failed ? race.failed(error) : error);
      },
    );
  });
}

/** True for a thenable: the pending reply of a transport, or the result of an async method. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}
