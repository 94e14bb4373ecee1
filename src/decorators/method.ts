import { assertExperimentalDecorators } from './compiler-flags';
import { type ContextReads, classMeta } from './metadata';
import { paramTypes, requiredOf, returnType } from './method-types';
import { assertName } from './service';
import { type TypeSpec } from './types';

/** A `RemoteError` that a method declares it may throw; the API document lists it. */
export interface DeclaredError {
  /** The HTTP status, 400-599, as the error is thrown with. */
  readonly status: number;
  /** The error code, as the error is thrown with (`EMPTY_ORDER`). */
  readonly code: string;
  /** When the method throws it. */
  readonly description?: string;
}

/** Options of {@link RemoteMethod} and {@link ApiOperation}. */
export interface RemoteMethodOptions {
  /** Parameter types, where TypeScript's emitted ones are not precise (`Int`, `[Item]`). */
  params?: readonly TypeSpec[];
  /** The result type, where TypeScript's is not precise (`Int`, `Promise<T>`); `'void'` for none. */
  returns?: TypeSpec | 'void';
  /** A privileged method refuses calls that the permission resolver did not grant (403). */
  privileged?: boolean;
  /**
   * Running the method twice does no harm: a NATS call of it whose replica was lost, or that no
   * replica took in time, is sent once more (see docs/faults.md). Default false: never retried.
   */
  idempotent?: boolean;
  /**
   * The service errors the method throws, for the API document.
   *
   * @example
   * @ApiOperation('Places an order', {
   *   errors: [{ status: 422, code: 'EMPTY_ORDER', description: 'the order has no lines' }],
   * })
   */
  errors?: readonly DeclaredError[];
  /**
   * `'sync'`: the method reads `getCallContext()` (also through `getCallDeadline()` or a
   * `createNatsClient` call) only before its first `await`, never in timers or callbacks; its
   * calls then skip AsyncLocalStorage (and its promise hooks before Node 24). Default `'async'`: read
   * anywhere, unless the build's contract found that the method reads no context. See
   * docs/design-context.md.
   */
  callContext?: ContextReads;
}

/**
 * Marks a method of a `@RemoteService` class as remotely callable and records its parameter and
 * result types.
 *
 * @example
 * @RemoteMethod({ params: [Int, Int], returns: Int })
 * mulOne(a: number, b: number): number { return a * b; }
 */
export function RemoteMethod(options: RemoteMethodOptions = {}): MethodDecorator {
  return methodDecorator('RemoteMethod', options, undefined);
}

/**
 * Includes a method in the API description with a text, and makes it remotely callable as
 * `@RemoteMethod` does.
 */
export function ApiOperation(
  description: string,
  options: RemoteMethodOptions = {},
): MethodDecorator {
  return methodDecorator('ApiOperation', options, description);
}

/** The decorator `name` with its options: it records the method it decorates. */
function methodDecorator(
  name: string,
  options: RemoteMethodOptions,
  description: string | undefined,
): MethodDecorator {
  return (target, key, descriptor) => {
    assertExperimentalDecorators(name, key);
    if (typeof target === 'function') {
      throw new TypeError(
        `portico: ${target.name}.${String(key)} is static and has @${name}, but a remote method is a method called on the service's instance: drop static, or the decorator`,
      );
    }
    if (typeof key !== 'string') {
      throw new TypeError('portico: only instance methods with string names can be remote');
    }
    assertName('method', key);
    const fn = (descriptor as PropertyDescriptor).value;
    if (typeof fn !== 'function') {
      const owner = (target as { constructor: Function }).constructor.name;
      throw new TypeError(
        `portico: ${owner}.${key} is not a method and has @${name}: a remote method is a method called on the service's instance; write a method, or drop the decorator`,
      );
    }
    const ctor = (target as { constructor: Function }).constructor;
    const meta = classMeta(ctor);
    if (meta.methods.has(key)) throw new TypeError(`portico: method ${key} is declared twice`);
    if (![undefined, 'async', 'sync'].includes(options.callContext)) {
      throw new TypeError(`portico: ${key}'s callContext is 'async' or 'sync'`);
    }
    const params = deferred(() =>
      paramTypes({ target, key, options, arity: fn.length, owner: ctor.name }),
    );
    meta.methods.set(key, {
      name: key,
      params: params.value ?? [],
      required: requiredOf(fn, params.value?.length ?? fn.length),
      returns: returnType(target, key, options),
      privileged: options.privileged ?? false,
      idempotent: options.idempotent ?? false,
      errors: checkedErrors(key, options.errors ?? []),
      fn,
      ...(options.callContext === undefined ? {} : { callContext: options.callContext }),
      ...(description === undefined ? {} : { description }),
      ...(params.problem === undefined ? {} : { problem: params.problem }),
    });
  };
}

/**
 * Runs `read`, keeping its refusal as a problem instead of throwing it: the build's contract
 * (docs/design-contract.md) may type what the decorators cannot, so the refusal waits until load.
 */
function deferred<T>(read: () => T): { value?: T; problem?: string } {
  try {
    return { value: read() };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

function checkedErrors(key: string, errors: readonly DeclaredError[]): readonly DeclaredError[] {
  for (const { status, code } of errors) {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new TypeError(`portico: ${key} declares an error with status ${status}, not 400-599`);
    }
    if (typeof code !== 'string' || code === '') {
      throw new TypeError(`portico: ${key} declares an error without a code`);
    }
  }
  return errors;
}
