import { AsyncLocalStorage } from 'node:async_hooks';
import { type CallContext } from '../protocol/envelope';

const storage = new AsyncLocalStorage<CallContext>();

/**
 * The context of the remote call being served, inside a service method (and everything it awaits).
 * Throws when called outside a remote call.
 */
export function getCallContext(): CallContext {
  const context = storage.getStore();
  if (!context) throw new Error('portico: getCallContext() was called outside a remote call');
  return context;
}

/** A method to call: the function, the object it is called on, and the arguments. */
export interface MethodCall<T> {
  readonly fn: (...args: unknown[]) => T;
  readonly self?: unknown;
  readonly args?: readonly unknown[];
}

/** Makes the call, with `context` as the current call context. */
export function runWithCallContext<T>(context: CallContext, call: MethodCall<T>): T {
  return storage.run(context, invoke, call.fn, call.self, call.args ?? []) as T;
}

function invoke(fn: (...args: unknown[]) => unknown, self: unknown, args: readonly unknown[]) {
  return fn.apply(self, args as unknown[]);
}
