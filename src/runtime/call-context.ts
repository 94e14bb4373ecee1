import { AsyncLocalStorage } from 'node:async_hooks';
import { type ContextReads } from '../decorators/metadata';
import { type CallContext } from '../protocol/envelope';

const storage = new AsyncLocalStorage<CallContext>();

/**
 * The context of the call whose method is running synchronously now: what `getCallContext()`
 * reads first, with no AsyncLocalStorage involved (docs/design-context.md).
 */
let current: CallContext | undefined;

/**
 * The context of the remote call being served, inside a service method (and everything it awaits).
 * Throws when called outside a remote call.
 */
export function getCallContext(): CallContext {
  const context = current ?? storage.getStore();
  if (!context) {
    throw new Error(
      "portico: getCallContext() was called outside a remote call (or after an await in a method that runs with callContext: 'sync', declared or inferred by the contract)",
    );
  }
  return context;
}

/** A method to call: the function, the object it is called on, and the arguments. */
export interface MethodCall<T> {
  readonly fn: (...args: unknown[]) => T;
  readonly self?: unknown;
  readonly args?: readonly unknown[];
  /** Where the method reads its context; default `'async'`. */
  readonly reads?: ContextReads;
}

/**
 * Makes the call, with `context` as the current call context. A method that reads it only
 * synchronously runs without AsyncLocalStorage (whose `run()` costs promise hooks before Node 24
 * and two copies of the context frame from Node 24 on), unless the store already holds an outer
 * call's context, which its later code must not see instead of nothing.
 */
export function runWithCallContext<T>(context: CallContext, call: MethodCall<T>): T {
  const outer = current;
  current = context;
  try {
    if (call.reads === 'sync' && storage.getStore() === undefined) {
      return call.fn.apply(call.self, (call.args ?? []) as unknown[]);
    }
    return storage.run(context, invoke, call.fn, call.self, call.args ?? []) as T;
  } finally {
    current = outer;
  }
}

function invoke(fn: (...args: unknown[]) => unknown, self: unknown, args: readonly unknown[]) {
  return fn.apply(self, args as unknown[]);
}
