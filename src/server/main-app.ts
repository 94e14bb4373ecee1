import Koa from 'koa';
import { guardStreamBodies } from './stream-body-guard';

/**
 * The main server's Koa app: portico's dispatch answers every request without calling `next()`,
 * so it stays the last middleware. Middleware a user adds (`app.use`, or `app.middleware` itself)
 * runs before it, in the order added, as in any Koa app (docs/design.md §1), and after the error
 * boundary, which answers what that middleware throws with the error envelope.
 */
export class MainApp extends Koa {
  readonly #dispatch: Koa.Middleware;
  readonly #boundary: Koa.Middleware;

  constructor(dispatch: Koa.Middleware, boundary: Koa.Middleware) {
    super();
    this.#dispatch = dispatch;
    this.#boundary = boundary;
    guardStreamBodies(this);
    this.use(dispatch);
  }

  /**
   * Koa's request handler, composed with the dispatch moved last and, when a user added
   * middleware, the error boundary first: without it, an app as the main server built it answers
   * as it always did (the dispatch's own answers, Koa's for the rest).
   */
  override callback(): ReturnType<Koa['callback']> {
    const chain = this.middleware;
    remove(chain, this.#boundary);
    const dispatched = remove(chain, this.#dispatch);
    if (chain.length > 0) chain.unshift(this.#boundary);
    if (dispatched) chain.push(this.#dispatch);
    return super.callback();
  }
}

/** Removes `item` from `chain` wherever it is, keeping the order of the others; false if absent. */
function remove<T>(chain: T[], item: T): boolean {
  const at = chain.indexOf(item);
  if (at >= 0) chain.splice(at, 1);
  return at >= 0;
}
