import { STATUS_CODES } from 'node:http';
import { format, types } from 'node:util';
import type Koa from 'koa';
import { applyCallCors } from '../entry-point/call-cors';
import { type ErrorBody, isRemoteError, maskErrorBody, toErrorBody } from '../errors';
import { type CorsPolicy } from '../http/cors';
import { type CallLineHold } from '../http/http-context';
import { sendError } from '../http/responses';
import { answerShape } from './raw-refusals';
import { pipeStreamBody } from './streamed-answer';

/** What the answer to an error of middleware added with `app.use` needs. */
export interface ErrorBoundaryOptions {
  readonly development: boolean;
  /** The entry point's cross-origin policy, when `cors` is configured. */
  readonly cors: CorsPolicy | undefined;
}

/** What a thrown error may carry that its answer uses, as Koa and http-errors set it. */
interface Thrown extends Error {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  headers?: unknown;
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
    try {
      await next();
      const failed = await pipeStreamBody(ctx);
      if (failed !== undefined) throw failed;
    } catch (thrown) {
      answerThrown(ctx, thrown, options);
    }
    // The entry point's call line, with the status the client got (a throw after `await next()`).
    callLine.settled = true;
    callLine.write?.(ctx.res.statusCode);
  };
}

function answerThrown(ctx: Koa.Context, thrown: unknown, options: ErrorBoundaryOptions): void {
  const error = asError(thrown);
  const res = ctx.res;
  if (res.headersSent || !ctx.writable) {
    ctx.app.emit('error', error, ctx);
    // Koa would write the status's text into the answer begun; cut short, it cannot pass as whole.
    ctx.respond = false;
    if (!res.writableEnded) res.destroy();
    return;
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
  sendError({ ctx, requestId, format: shape.format }, body ?? toErrorBody(error, false));
}

/**
 * What `read` makes of the thrown value, or undefined where reading it throws (a getter of a
 * library's error that throws): the answer is then a plain 500, never Koa's `text/plain`.
 */
function readThrown<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The thrown value as an Error, as Koa makes it of a string, `null` or any other value. */
function asError(thrown: unknown): Thrown {
  // An error of another realm (a VM context's, a test runner's) is not `instanceof` this one's.
  return thrown instanceof Error || types.isNativeError(thrown)
    ? thrown
    : new Error(`non-error thrown: ${shown(thrown)}`);
}

/** A thrown value as JSON, as Koa shows it; JSON cannot write a BigInt or what its toJSON throws. */
function shown(thrown: unknown): string {
  return readThrown(() => format('%j', thrown)) ?? `a value of type ${typeof thrown}`;
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

/**
 * What a client sees of a value that middleware threw: a status of 400-599 it carries (Koa's
 * `ctx.throw`, http-errors) is kept, with the code that {@link codeOfStatus} names, and with its
 * message where `expose` says so (or in development mode), else the status's text; anything else
 * is a 500 `INTERNAL_ERROR`, its message only in development mode. Never a stack.
 */
export function middlewareErrorBody(thrown: unknown, development: boolean): ErrorBody {
  if (isRemoteError(thrown)) return maskErrorBody(thrown.toBody(), development);
  const error = asError(thrown);
  const named = error.status ?? error.statusCode;
  const status =
    typeof named === 'number' && named >= 400 && named <= 599 && STATUS_CODES[named] ? named : 500;
  // A message that is not a string (`Object.assign(error, { message: {…} })`) is not shown.
  const told = typeof error.message === 'string' && (error.expose === true || development);
  if (status === 500) {
    return told
      ? { status, code: 'INTERNAL_ERROR', message: error.message }
      : toErrorBody(error, false);
  }
  const message = told ? error.message : (STATUS_CODES[status] as string);
  return { status, code: codeOfStatus(status), message };
}

/**
 * The envelope code of a status that middleware threw: `INTERNAL_ERROR` for 500, else the
 * status's name as HTTP gives it, in capitals with underscores (401 `UNAUTHORIZED`, 429
 * `TOO_MANY_REQUESTS`, 403 `FORBIDDEN`, the table's own code for that status).
 */
export function codeOfStatus(status: number): string {
  if (status === 500) return 'INTERNAL_ERROR';
  const name = STATUS_CODES[status] ?? String(status);
  return name
    .replace(/'/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
}
