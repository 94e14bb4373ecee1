import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { holdContinue } from '../entry-point/body';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { CONTENT_TYPES } from '../http/responses';
import { answerServerOptions, asteriskFault } from '../serialization/asterisk-form';
import { serializeError } from '../serialization/error-envelope';
import { type HttpLimits } from './config';
import { endedMidRequest } from './error-listener';
import { faultyTransfer } from './faulty-transfer';
import { hostFault } from './host-fault';
import { answerClientError, answerShape, refuseConnect } from './raw-refusals';
import { trackResponse, unfinishedResponses } from './unfinished-responses';
import { unsupportedVersion } from './unsupported-version';
import { watchWriteDeadline } from './write-deadline';

/** What a server answers `OPTIONS *` with, and what it reports besides its answers. */
export interface ServerReports {
  /** A connection was closed because it did not take its answer in time. */
  readonly onWriteTimeout?: () => void;
  /** A connection failed (a reset, a broken pipe) while `res` was being answered on it. */
  readonly onSocketError?: (error: Error, res: http.ServerResponse) => void;
  /** The methods it takes on some path, for `Allow` in its answer to `OPTIONS *`. */
  readonly allow: string;
}

/**
 * Creates the main server's HTTP server with its limits, and the guards Node leaves out:
 * - requests that Node's parser refuses (bad syntax, a head over `maxHeaderBytes`, a request that
 *   arrives too slowly) get the error envelope in JSON instead of Node's bare status line;
 * - a request with more than `maxHeaderCount` header lines is 431 (Node would drop the extra
 *   lines silently, `Content-Type` or `Content-Length` among them);
 * - an HTTP/1.1 request without `Host`, one with two `Host` lines or a `Host` that is not a host
 *   and port ({@link hostFault}), one whose `Transfer-Encoding` cannot frame it
 *   ({@link faultyTransfer}) and one that is not HTTP/1.x ({@link unsupportedVersion}) are 400
 *   with the envelope (Node's answer to a missing `Host` has no body);
 * - an `Expect` other than `100-continue` is ignored rather than answered 417, and `100 Continue`
 *   is sent only when the body is about to be read, so an oversized body is refused before it;
 * - `CONNECT` (which Node answers by dropping the connection) is 405, as any other method;
 * - `OPTIONS *` is 200 with `allow`, and another method with the target `*` is 400.
 * - a connection that does not take its answer within `writeTimeoutMs` is closed.
 */
export function createHttpServer(
  limits: HttpLimits,
  listener: http.RequestListener,
  reports: ServerReports,
): http.Server {
  const { onWriteTimeout, onSocketError, allow } = reports;
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      // Node would answer a missing Host with a bare 400; onRequest answers it with the envelope.
      requireHostHeader: false,
      // Node checks the two timeouts only this often (30 s by default), so slow clients would
      // outlive them by far: check at a quarter of the shorter one.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4,
      ),
    },
    onRequest,
  );
  function onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    trackResponse(req.socket, res);
    const transfer = req.headers['transfer-encoding'] && faultyTransfer(req);
    if (req.httpVersionMajor !== 1) {
      refuse({ req, res }, 'BAD_REQUEST', unsupportedVersion(req));
    } else if (req.rawHeaders.length / 2 > limits.maxHeaderCount) {
      refuse({ req, res }, 'HEADERS_TOO_LARGE', `more than ${limits.maxHeaderCount} header lines`);
    } else if (transfer) {
      refuse({ req, res }, 'BAD_REQUEST', transfer);
    } else {
      const host = hostFault(req);
      if (host) refuse({ req, res }, 'BAD_REQUEST', host);
      else if (req.url !== '*') listener(req, res);
      else answerAsteriskForm({ req, res }, allow);
    }
  }
  // Count every header line: the count limit is ours, and the byte limit bounds the work.
  server.maxHeadersCount = 0;
  server.on('checkExpectation', onRequest);
  // Node would send `100 Continue` at once; the body reader sends it once the limit is checked.
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    holdContinue(req, res);
    onRequest(req, res);
  });
  server.on('clientError', (error: Error, socket: Duplex) => {
    const open = unfinishedResponses(socket);
    const current = open?.[0];
    // The request being read: the last, behind the whole ones pipelined before it.
    const cut = open?.at(-1);
    // Node reports a socket's own error here too, once the socket is destroyed; a parser's error
    // comes while it is not. A client that closed its side mid-request went away as well.
    if (current && socket.destroyed) onSocketError?.(error, current);
    else if (cut && endedMidRequest(error, cut.req)) onSocketError?.(error, cut);
    answerClientError(error, socket, open);
  });
  server.on('connect', refuseConnect);
  watchWriteDeadline(server, {
    timeoutMs: limits.writeTimeoutMs,
    writing: (socket) => unfinishedResponses(socket)?.[0],
    ...(onWriteTimeout && { onTimeout: onWriteTimeout }),
  });
  return server;
}

/** Starts `server` listening on `port` and `host`; resolves with the bound port. */
export function listenOn(
  server: http.Server,
  port: number,
  host: string | undefined,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A parsed request and the response that answers it. */
interface ParsedRequest {
  readonly req: http.IncomingMessage;
  readonly res: http.ServerResponse;
}

/** Answers a request whose target is `*`: `OPTIONS *` with `allow`, any other method with 400. */
function answerAsteriskForm({ req, res }: ParsedRequest, allow: string): void {
  const fault = asteriskFault(req.method);
  if (fault) refuse({ req, res }, 'BAD_REQUEST', fault);
  else answerServerOptions(res, { allow, requestId: answerShape(req).requestId });
}

/** Answers a parsed request that the guards refuse, in its family, and closes the connection. */
function refuse({ req, res }: ParsedRequest, code: ErrorCode, message: string): void {
  const { requestId, format } = answerShape(req);
  const status = ERROR_STATUS[code];
  const body = serializeError({ status, code, message }, requestId, format);
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Length': Buffer.byteLength(body),
    'X-SVC-Request-ID': requestId,
    Connection: 'close',
  });
  res.end(body);
  req.resume();
}
