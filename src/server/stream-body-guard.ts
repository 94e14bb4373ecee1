import { Stream } from 'node:stream';
import type Koa from 'koa';

/** Swallows an `error` event: the stream's `errored` keeps the error for whoever answers. */
function kept(): void {}

/**
 * Gives every stream that middleware sets as `ctx.body` an `error` listener at once. Koa 3 listens
 * only once it pipes the body, after the last middleware returned: a stream that fails before
 * (a file that is not there, while a middleware still awaits something after setting it) emitted
 * `error` with no listener, which ended the process. Its error stays in `stream.errored`, where
 * the error boundary (./streamed-answer.ts) or Koa's pipe find it. `app.response` is the prototype
 * Koa documents for extending each request's response; its own `body` accessor is wrapped.
 */
export function guardStreamBodies(app: Koa): void {
  const inherited = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(app.response), 'body');
  const { get, set } = inherited ?? {};
  if (!get || !set) return;
  Object.defineProperty(app.response, 'body', {
    configurable: true,
    get(this: Koa.Response) {
      return get.call(this);
    },
    set(this: Koa.Response, value: unknown) {
      set.call(this, value);
      // Once per stream: the same stream set again would add one more, and Node warns at 11.
      if (value instanceof Stream && !value.listeners('error').includes(kept)) {
        value.on('error', kept);
      }
    },
  });
}
