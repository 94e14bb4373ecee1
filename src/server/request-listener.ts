import type http from 'node:http';
import type Koa from 'koa';
import { answerDirect, DirectContext, failDirect, plainPath } from './direct-context';
import { type ErrorListener, endedMidRequest } from './error-listener';
import { type InFlight } from './in-flight';
import { type DispatchTargets } from './request-dispatch';

/** What the main server's request listener needs: its Koa app as built, and the dispatch's targets. */
export interface ListenerParts extends DispatchTargets {
  readonly app: Koa;
  /** Portico's dispatch, the app's last middleware. */
  readonly dispatch: Koa.Middleware;
  /** The app's one `error` listener as the main server added it. */
  readonly onError: ErrorListener;
  /** Counts each request while it is answered, for the graceful shutdown. */
  readonly inFlight: InFlight;
}

/** The main server's request listener, and what it reports of a socket that failed mid-call. */
export interface RequestListener {
  readonly listener: http.RequestListener;
  /** Tells the error listener of a socket error under `res`, when `res` is a direct call's. */
  readonly onSocketError: (error: Error, res: http.ServerResponse) => void;
}

/**
 * Creates the main server's request listener. While the app is as the main server built it
 * (portico's dispatch its only middleware, the error listener its only one), a call of the entry
 * point is answered on Node's request and response directly, without Koa's context: it pays none
 * of Koa's per-request work, and gets the same answer (docs/history/performance-log.md, "Calls
 * without Koa's context"). Every other request (the admin routes, servlet apps, static files, the
 * docs home, a target that is not a plain path) and every request of an app a user added
 * middleware to goes through Koa. Like Koa's own chain, the choice is made when the server starts
 * listening.
 */
export function createRequestListener(parts: ListenerParts): RequestListener {
  const { app, dispatch, onError, handlers, docsHome, entryPoint, inFlight } = parts;
  const viaKoa = app.callback();
  const errorListeners = app.listeners('error');
  const asBuilt =
    app.middleware.length === 1 &&
    app.middleware[0] === dispatch &&
    errorListeners.length === 1 &&
    errorListeners[0] === onError;

  /** The path segments of a request to answer directly; none for a request that goes to Koa. */
  function directSegments(req: http.IncomingMessage): string[] | undefined {
    const path = asBuilt ? plainPath(req.url) : undefined;
    if (path === undefined || (docsHome !== undefined && path === '/')) return undefined;
    // One split: the first segment's string, hashed by the lookup here, is the entry point's too.
    const segments = path.slice(1).split('/');
    return handlers.has(segments[0] as string) ? undefined : segments;
  }

  async function callDirectly(ctx: DirectContext, segments: readonly string[]): Promise<void> {
    const place = inFlight.begin(ctx.res);
    try {
      try {
        await entryPoint(ctx, segments);
      } finally {
        inFlight.end(place);
      }
      answerDirect(ctx);
    } catch (error) {
      failDirect(ctx, error, onError);
    }
  }

  // Counted here, once, not in the dispatch: a call held in the user's middleware before it
  // calls next() (an authentication that looks a token up) is in flight too, and a shutdown
  // would cut it unanswered.
  const throughKoa: http.RequestListener = (req, res) => {
    const place = inFlight.begin(res);
    void viaKoa(req, res)
      .catch((error: Error) => failedInKoa(error, res))
      .finally(() => inFlight.end(place));
  };
  // Koa's answer to an error throws where Node refuses a header the error carries: unhandled, the
  // rejection would end the process (test/regression/koa-error-answer-throws.test.ts).
  const failedInKoa = (error: Error, res: http.ServerResponse) => {
    onError(error, { req: res.req, path: plainPath(res.req.url) ?? '', res });
    res.destroy();
  };
  const listener: http.RequestListener = (req, res) => {
    const segments = directSegments(req);
    if (segments) void callDirectly(new DirectContext(req, res), segments);
    else throughKoa(req, res);
  };
  // Which requests were answered directly follows from the request alone: no mark on each
  // (a WeakMap of the responses kept each one alive through young-generation collections).
  // A connection closed mid-request is reported by nothing else, whichever way it went.
  const onSocketError = (error: Error, res: http.ServerResponse) => {
    if (directSegments(res.req) || endedMidRequest(error, res.req))
      onError(error, { req: res.req, path: plainPath(res.req.url) ?? '' });
  };
  return { listener, onSocketError };
}
