/** What a caller may set for one call, or for every call of a derived client. */
export interface CallOptions {
  /** Cancels the call: it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** How long to wait for the answer before a 504 `DEADLINE_EXCEEDED`, in ms. */
  readonly timeoutMs?: number;
  /** The request id to send (`X-SVC-Request-ID`); by default the server or the caller makes one. */
  readonly requestId?: string;
}

/** Sends one call of `method` with `args`. */
export type Invoke = (method: string, args: unknown[], options: CallOptions) => Promise<unknown>;

/**
 * The longest delay of a timer, in browsers as in Node (src/protocol/deadline.ts has it for the
 * server): written here again because the browser bundle takes nothing outside the client.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

const DERIVE: unique symbol = Symbol('portico.client.derive');

/**
 * A client object: every string property is a function that calls the method of that name with
 * the arguments it gets. `then` is not a method, so that a client is never taken for a promise.
 */
export function createRemoteProxy<C>(invoke: Invoke, options: CallOptions = {}): C {
  checkTimeout(options.timeoutMs);
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const derive = (more: CallOptions) => createRemoteProxy<C>(invoke, { ...options, ...more });
  return new Proxy(Object.create(null) as object, {
    get(_, key) {
      if (key === DERIVE) return derive;
      if (typeof key !== 'string' || key === 'then') return undefined;
      let method = methods.get(key);
      if (!method) {
        method = (...args: unknown[]) => invoke(key, args, options);
        methods.set(key, method);
      }
      return method;
    },
  }) as C;
}

/**
 * Refuses a timeout that no timer keeps: NaN, none above 0, or one past what Node's timers take
 * (they fire such a timer after 1 ms), which timed every call out at once or never.
 */
function checkTimeout(timeoutMs: number | undefined): void {
  if (timeoutMs === undefined || (timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS)) return;
  throw new TypeError(
    `portico: timeoutMs must be a number of ms above 0 and at most ${MAX_TIMER_MS}, got ${timeoutMs}`,
  );
}

/**
 * The same client with `options` for every call it makes: a signal, a timeout, a request id.
 *
 * @example
 * const result = await withCallOptions(calculator, { timeoutMs: 500 }).add({ a: 1, b: 2 });
 */
export function withCallOptions<C extends object>(client: C, options: CallOptions): C {
  const derive = (client as { [DERIVE]?: (options: CallOptions) => C })[DERIVE];
  if (typeof derive !== 'function') throw new TypeError('portico: not a client of createClient');
  return derive(options);
}
