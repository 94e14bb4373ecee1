import Koa from 'koa';

/**
 * The main server's Koa app: portico's dispatch answers every request without calling `next()`,
 * so it stays the last middleware. Middleware a user adds (`app.use`, or `app.middleware` itself)
 * runs before it, in the order added, as in any Koa app (docs/design.md §1).
 */
export class MainApp extends Koa {
  readonly #dispatch: Koa.Middleware;

  constructor(dispatch: Koa.Middleware) {
    super();
    this.#dispatch = dispatch;
    this.use(dispatch);
  }

  /** Koa's request handler, composed with the dispatch moved last. */
  override callback(): ReturnType<Koa['callback']> {
    keepLast(this.middleware, this.#dispatch);
    return super.callback();
  }
}

/** Moves `last` to the end of `chain` (wherever it is), keeping the order of the others. */
function keepLast<T>(chain: T[], last: T): void {
  const at = chain.indexOf(last);
  if (at < 0 || at === chain.length - 1) return;
  chain.splice(at, 1);
  chain.push(last);
}
