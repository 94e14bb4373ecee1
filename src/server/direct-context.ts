import { Buffer } from 'node:buffer';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { format, types } from 'node:util';
import vary from 'vary';
import { type HttpContext } from '../http/http-context';
import { type ErrorListener } from './error-listener';

/**
 * A call's context on Node's request and response alone: what the entry point uses of Koa's
 * context, without Koa's three objects per request, its middleware chain and its listener per
 * response. {@link answerDirect} and {@link failDirect} finish the answer as Koa would.
 */
export class DirectContext implements HttpContext {
  readonly method: string;
  #body: unknown;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
  ) {
    this.method = req.method ?? '';
    // As under Koa: an answer whose status nothing set is a 404.
    res.statusCode = 404;
  }

  /** Read only where an error is logged: a direct call's target is always a plain path. */
  get path(): string {
    return plainPath(this.req.url) ?? '';
  }

  get status(): number {
    return this.res.statusCode;
  }

  set status(code: number) {
    if (this.res.headersSent) return;
    // Koa's check: thrown here, the bad status is the entry point's error, not the write's.
    if (!Number.isInteger(code) || code < 100 || code > 999) {
      throw new RangeError(`invalid status code: ${code}`);
    }
    this.res.statusCode = code;
  }

  get body(): unknown {
    return this.#body;
  }

  set body(value: unknown) {
    this.#body = value;
    if (typeof value === 'string' && !this.res.headersSent) {
      this.res.setHeader('Content-Length', Buffer.byteLength(value));
    }
  }

  set(field: string, value: string): void;
  set(fields: Readonly<Record<string, string>>): void;
  set(field: string | Readonly<Record<string, string>>, value?: string): void {
    if (this.res.headersSent) return;
    if (typeof field !== 'string') {
      for (const [name, each] of Object.entries(field)) this.res.setHeader(name, each);
    } else if (value !== undefined) this.res.setHeader(field, value);
  }

  vary(field: string): void {
    if (!this.res.headersSent) vary(this.res, field);
  }
}

/** Whether the answer can still be written: not ended, its connection not gone (as Koa's). */
function isWritable(res: ServerResponse): boolean {
  return !res.writableEnded && res.socket?.writable !== false;
}

/** The statuses whose answer has no body. */
const isEmptyStatus = (status: number) => status === 204 || status === 205 || status === 304;

/**
 * Writes the answer as Koa's `respond` does: nothing once the connection is gone, no body for a
 * 204 (nor its headers of a body) or a HEAD, else the body, or the status's text when none was set.
 */
export function answerDirect(ctx: DirectContext): void {
  const res = ctx.res;
  if (!isWritable(res)) {
    res.end();
    return;
  }
  if (isEmptyStatus(res.statusCode)) {
    for (const name of ['Content-Type', 'Content-Length', 'Transfer-Encoding']) {
      res.removeHeader(name);
    }
    res.end();
  } else if (ctx.method === 'HEAD') res.end();
  else if (typeof ctx.body === 'string') res.end(ctx.body);
  else endWithText(res, STATUS_CODES[res.statusCode] ?? String(res.statusCode));
}

function endWithText(res: ServerResponse, text: string): void {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** What a thrown value may carry that the answer to it uses, as Koa reads it. */
interface Thrown extends Error {
  status?: unknown;
  statusCode?: unknown;
  expose?: boolean;
  headers?: Record<string, string>;
}

/**
 * Answers what the entry point threw as Koa's context does: the error listener is told, and an
 * answer not yet begun becomes the status's text, 500 unless the error names another status, with
 * its message only where it is meant to be shown (never a stack).
 */
export function failDirect(ctx: DirectContext, thrown: unknown, onError: ErrorListener): void {
  // An error of another realm (a VM context's, a test runner's) is not `instanceof` this one's.
  const error: Thrown =
    thrown instanceof Error || types.isNativeError(thrown)
      ? thrown
      : new Error(format('non-error thrown: %j', thrown));
  const res = ctx.res;
  const begun = res.headersSent || !isWritable(res);
  onError(error, ctx);
  if (begun) return;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  for (const [name, value] of Object.entries(error.headers ?? {})) {
    if (!/^content-(type|length)$/i.test(name)) res.setHeader(name, value);
  }
  const named = error.status ?? error.statusCode;
  const status = typeof named === 'number' && STATUS_CODES[named] ? named : 500;
  res.statusCode = status;
  endWithText(res, error.expose ? error.message : (STATUS_CODES[status] as string));
}

/** Targets that Koa's URL parser would not take as a plain path: it parses them in full. */
const UNPLAIN = /[\s#]/;

/** The path of a plain request target (`/path` or `/path?query`), as Koa reads it; else none. */
export function plainPath(url: string | undefined): string | undefined {
  if (url === undefined || url.charCodeAt(0) !== 0x2f || UNPLAIN.test(url)) return undefined;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
