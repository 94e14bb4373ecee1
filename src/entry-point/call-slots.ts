import { frameworkError, RETRY_AFTER } from '../errors';

/**
 * The calls of one microservice in flight at the main server, at most `max` at once. One more is
 * refused at once with 503 `OVERLOADED` and `Retry-After`, never queued. The entry point takes a
 * slot before it sends a call and gives it back when the reply arrives or when the call's deadline
 * passes, whichever is first, so a method that never returns holds its slot only until the caller
 * got its 504.
 *
 * @example
 * const slots = new CallSlots('calc', 1024);
 * slots.take(); // throws OVERLOADED when 1024 calls are in flight
 * try { ... } finally { slots.release(); }
 */
export class CallSlots {
  private active = 0;

  constructor(
    readonly microservice: string,
    readonly max: number,
  ) {
    if (!Number.isInteger(max) || max < 1) {
      throw new TypeError('portico: maxConcurrentCalls must be a positive integer');
    }
  }

  /** Takes a slot, or throws 503 `OVERLOADED` when all are taken. */
  take(): void {
    if (this.active >= this.max) {
      throw frameworkError(
        'OVERLOADED',
        `microservice ${this.microservice} is running its limit of ${this.max} calls: retry later`,
        { headers: RETRY_AFTER },
      );
    }
    this.active++;
  }

  /** Gives a slot back; call it once per {@link take}. */
  release(): void {
    this.active--;
  }
}
