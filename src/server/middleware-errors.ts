import type Koa from 'koa';
import { applyCallCors } from '../entry-point/call-cors';
import { toErrorBody } from '../errors';
import { type CorsPolicy } from '../http/cors';
import { type CallLineHold } from '../http/http-context';
import { sendError } from '../http/responses';
import { asError, middlewareErrorBody, readThrown } from './middleware-error-body';
import { answerShape } from './raw-refusals';
import { pipeStreamBody } from './streamed-answer';

/** What the answer to an error of middleware added with `app.use` needs. */
export interface ErrorBoundaryOptions {
  readonly development: boolean;
  /** The entry point's cross-origin policy, when `cors` is configured. */
  readonly cors: CorsPolicy | undefined;
}

/**
 * The first middleware of a main server whose app has middleware of its own: what that middleware
 * throws and does not catch is answered with the error envelope (docs/errors.md, "Errors of your
 * own middleware") where Koa would answer `text/plain`, and told to the app's `error` listeners.
 */
export function createErrorBoundary(options: ErrorBoundaryOptions): Koa.Middleware {
  return async (ctx, next) => {
    const callLine: CallLineHold = { settled: false, write: undefined };
    ctx.callLine = callLine;
    let code: string | undefined;
    try {
      await next();
      const failed = await pipeStreamBody(ctx);
      if (failed !== undefined) throw failed;
    } catch (thrown) {
      code = answerThrown(ctx, thrown, options);
    }
    // The entry point's call line, metrics and span, with the status the client got (a throw
    // after `await next()`).
    callLine.settled = true;
    callLine.write?.(ctx.res.statusCode, code);
  };
}

/** Answers what middleware threw; returns the code of the answer, none when the answer was cut. */
function answerThrown(
  ctx: Koa.Context,
  thrown: unknown,
  options: ErrorBoundaryOptions,
): string | undefined {
  const error = asError(thrown);
  const res = ctx.res;
  if (res.headersSent || !ctx.writable) {
    ctx.app.emit('error', error, ctx);
    // Koa would write the status's text into the answer begun; cut short, it cannot pass as whole.
    ctx.respond = false;
    if (!res.writableEnded) res.destroy();
    return undefined;
  }
  const shape = answerShape(ctx.req);
  // A throw after `await next()`: the entry point's request id is the one its call line logged.
  const requestId = String(res.getHeader('X-SVC-Request-ID') ?? shape.requestId);
  // The entry point's `Connection: close` (a 413 whose body was left unread, a call answered
  // while draining) stays: kept alive, the connection would read that body to its end.
  const closing = res.getHeader('Connection') === 'close';
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.setHeader('X-SVC-Request-ID', requestId);
  if (closing) res.setHeader('Connection', 'close');
  ctx.app.emit('error', error, ctx);
  const body = readThrown(() => middlewareErrorBody(error, options.development));
  readThrown(() => setThrownHeaders(ctx, error.headers));
  // Set again after the error's headers: the request id the call was logged under wins.
  res.setHeader('X-SVC-Request-ID', requestId);
  applyCallCors(ctx, options.cors);
  ctx.respond = true;
  const sent = body ?? toErrorBody(error, false);
  sendError({ ctx, requestId, format: shape.format }, sent);
  return sent.code;
}

/** Sets the headers an error asks for (a `WWW-Authenticate`), but never its body's. */
function setThrownHeaders(ctx: Koa.Context, headers: unknown): void {
  if (typeof headers !== 'object' || headers === null) return;
  for (const [name, value] of Object.entries(headers)) {
    if (/^content-(type|length)$/i.test(name)) continue;
    try {
      ctx.set(name, String(value));
    } catch {
      // A header that Node refuses (a bad name, a line break in the value) is left out.
    }
  }
}
