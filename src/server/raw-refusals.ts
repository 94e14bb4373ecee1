import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { negotiate } from '../entry-point/negotiation';
import { requestIdOf, validRequestId } from '../entry-point/request-id-of';
import { svcHeaderValues } from '../entry-point/svc-header-values';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { CONTENT_TYPES } from '../http/responses';
import { serializeError } from '../serialization/error-envelope';
import { type Format } from '../serialization/sequence';

/** What Node's HTTP parser reports, as the error table answers it (anything else is a 400). */
const PARSER_ERRORS: Readonly<Record<string, [ErrorCode, string]>> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 'the request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'the chunk extensions are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'the request took too long to arrive'],
  // The client closed its side (a FIN, not a reset) before the request's end: it may still read.
  HPE_INVALID_EOF_STATE: ['BAD_REQUEST', 'the connection ended before the request did'],
};

/** The request id and the family of an answer the HTTP layer gives to a parsed request. */
export function answerShape(req: http.IncomingMessage): { requestId: string; format: Format } {
  return {
    requestId: requestIdOf(svcHeaderValues(req.rawHeaders)),
    format: negotiate(req.headers['content-type'], req.headers.accept).format,
  };
}

/**
 * Answers what Node's parser refused with the error envelope, then closes the connection. `open`
 * are the connection's unfinished responses, oldest first. Where the first is half written (head
 * sent, not finished) the connection is only closed, as an envelope would land inside its body.
 * Where whole requests came before the bad bytes and are still being answered, the envelope
 * waits for their answers: written at once, it would reach their client as the first one's.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  open: readonly http.ServerResponse[] | undefined,
  requestId = requestIdOfCut(open?.at(-1)) ?? randomUUID(),
): void {
  const current = open?.[0];
  const halfWritten = current?.headersSent === true && !current.writableFinished;
  if (!socket.writable || halfWritten) {
    socket.destroy();
    return;
  }
  const last = lastWhole(open);
  if (last) {
    last.once('finish', () => answerClientError(error, socket, undefined, requestId));
    last.once('close', () => {
      if (!last.writableFinished) socket.destroy();
    });
    return;
  }
  const [code, message] = PARSER_ERRORS[error.code ?? ''] ?? [
    'BAD_REQUEST',
    'the request is not valid HTTP/1.1',
  ];
  endWith(socket, rawErrorResponse(code, message, { requestId, format: 'json' }));
}

/**
 * The request id of the request the refused bytes cut short, when its head was read (the last
 * response of the connection, behind those of whole pipelined requests): the one its answer
 * carries already (and its call line), else the caller's; a client finds its answer by it.
 */
function requestIdOfCut(res: http.ServerResponse | undefined): string | undefined {
  if (!res || res.req.complete) return undefined;
  const answered = res.getHeader('X-SVC-Request-ID');
  return typeof answered === 'string'
    ? answered
    : validRequestId(svcHeaderValues(res.req.rawHeaders).requestId);
}

/**
 * The last unfinished response whose request arrived whole. A request not whole is the one the
 * refused bytes belong to (a body cut short, then the end of the connection): its answer is the
 * 400, and waiting for it would wait for a body that never comes.
 */
function lastWhole(
  open: readonly http.ServerResponse[] | undefined,
): http.ServerResponse | undefined {
  for (let i = (open?.length ?? 0) - 1; i >= 0; i--) {
    const res = open?.[i] as http.ServerResponse;
    if (res.req.complete && !res.writableFinished) return res;
  }
  return undefined;
}

/** Answers `CONNECT` like any method the entry point does not take, and closes. */
export function refuseConnect(req: http.IncomingMessage, socket: Duplex): void {
  socket.on('error', () => {});
  const message = 'CONNECT is not allowed: use POST';
  endWith(
    socket,
    rawErrorResponse('METHOD_NOT_ALLOWED', message, {
      ...answerShape(req),
      allow: 'POST, OPTIONS',
    }),
  );
}

/** Writes `response` and closes; a peer that never reads does not keep the socket open. */
function endWith(socket: Duplex, response: string): void {
  socket.end(response, () => socket.destroy());
  const timer = setTimeout(() => socket.destroy(), 1000).unref();
  socket.once('close', () => clearTimeout(timer));
}

/** An error answer written as raw HTTP/1.1 text, for a socket that has no response object. */
function rawErrorResponse(
  code: ErrorCode,
  message: string,
  { requestId, format, allow }: { requestId: string; format: Format; allow?: string },
): string {
  const status = ERROR_STATUS[code];
  const body = serializeError({ status, code, message }, requestId, format);
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    `Content-Type: ${CONTENT_TYPES[format]}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-SVC-Request-ID: ${requestId}\r\n` +
    (allow ? `Allow: ${allow}\r\n` : '') +
    'Connection: close\r\n\r\n' +
    body
  );
}
