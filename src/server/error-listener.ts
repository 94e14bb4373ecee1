import type { Logger } from 'pino';
import { validRequestId } from '../entry-point/request-id-of';
import { svcHeaderValues } from '../entry-point/svc-header-values';
import { type HttpContext } from '../http/http-context';

/** Where a client went away: before its request ended, or while its answer was being written. */
export type DisconnectPhase = 'request' | 'response';

/** Counts the clients that went away; the metrics' counter, when metrics are on. */
export type DisconnectCounter = (phase: DisconnectPhase) => void;

/** What the error listener reads of the request that failed: Koa's context satisfies it. */
export type FailedRequest = Pick<HttpContext, 'req' | 'path'> & Partial<Pick<HttpContext, 'res'>>;

/** A listener of a Koa application's `error` event, also told of the calls answered without Koa. */
export type ErrorListener = (error: Error & { code?: string }, ctx?: FailedRequest) => void;

/** The error codes that Node gives a socket whose peer reset or closed it under a write or read. */
const PEER_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * True for an error of a connection the client is gone from: it reset it under a read or a write,
 * or the parser met its bytes after that, in a chunk read before (HPE_*: a parse error, which on a
 * connection still open is answered 400 and logged nowhere).
 */
function clientGone(error: Error & { code?: string }, destroyed: boolean): boolean {
  const code = error.code ?? '';
  return destroyed && (PEER_GONE.has(code) || code.startsWith('HPE_'));
}

/**
 * True when the client closed its side of the connection (a FIN) before `req` ended: it went away
 * as much as one that reset it, though it may still read the 400 it is sent.
 */
export function endedMidRequest(
  error: Error & { code?: string },
  req: { readonly complete: boolean },
): boolean {
  return error.code === 'HPE_INVALID_EOF_STATE' && !req.complete;
}

/**
 * The listener of the Koa application's `error` event. A client that resets its connection
 * mid-request or mid-answer, or closes it mid-request, is not a server error: it is counted and
 * logged at debug level without a stack, so that a flood of resets cannot flood the log. Anything else, an error of
 * a socket the server still holds included, keeps its error level and its stack.
 */
export function createErrorListener(
  logger: Logger,
  countDisconnect: DisconnectCounter | undefined,
): ErrorListener {
  // Koa tells its listeners twice of a body stream that fails while it pipes it (its pipe's
  // callback, and its watch of the response's end, each call `ctx.onerror`): the second time,
  // for the same request and the same error, is not logged or counted again.
  const told = new WeakMap<object, FailedRequest['req']>();
  // A client that resets its connection behind pipelined requests may be told of twice: the reset
  // under a write (ECONNRESET), then a parse error of the bytes read before it (HPE_*). It went
  // away once, and is counted once.
  const counted = new WeakSet<object>();
  return (error, ctx) => {
    const req = ctx?.req;
    if (req && told.get(error) === req) return;
    if (req && typeof error === 'object' && error !== null) told.set(error, req);
    if (req && (clientGone(error, req.socket.destroyed) || endedMidRequest(error, req))) {
      const phase: DisconnectPhase = req.complete ? 'response' : 'request';
      if (!counted.has(req.socket)) countDisconnect?.(phase);
      counted.add(req.socket);
      logger.debug({ phase, code: error.code, target: ctx.path }, 'client disconnected');
      return;
    }
    const requestId = ctx && requestIdOfFailed(ctx);
    logger.error(requestId ? { err: error, requestId } : { err: error }, 'unhandled error');
  };
}

/** The request id the failed request's answer carries, else the one its caller sent. */
function requestIdOfFailed({ req, res }: FailedRequest): string | undefined {
  const answered = res?.getHeader('X-SVC-Request-ID');
  if (typeof answered === 'string') return answered;
  return validRequestId(svcHeaderValues(req.rawHeaders).requestId);
}
