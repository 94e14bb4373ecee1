import { frameworkError } from '../errors';

/**
 * Settles like `pending`, or rejects with `DEADLINE_EXCEEDED` once `deadline` (epoch ms) passed,
 * whichever comes first. The late outcome of `pending` is dropped, so a method that never returns
 * costs its caller no more than the deadline, and a replica no slot beyond it.
 */
export function beforeDeadline<T>(pending: PromiseLike<T>, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(frameworkError('DEADLINE_EXCEEDED', 'the call did not finish before its deadline')),
      Math.max(0, deadline - Date.now()),
    );
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** True for a thenable, the result of an async method. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}
