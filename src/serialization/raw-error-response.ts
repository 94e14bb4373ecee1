import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { serializeError } from './error-envelope';
import { type Format } from './sequence';

/** The response Content-Type of each family. */
export const CONTENT_TYPES: Readonly<Record<Format, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** What Node's HTTP parser reports, as the error table answers it (anything else is a 400). */
const PARSER_ERRORS: Readonly<Record<string, [ErrorCode, string]>> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', 'the request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'the chunk extensions are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'the request took too long to arrive'],
  // The client closed its side (a FIN, not a reset) before the request's end: it may still read.
  HPE_INVALID_EOF_STATE: ['BAD_REQUEST', 'the connection ended before the request did'],
};

/** The code and message that answer an error of Node's HTTP parser (a `clientError`). */
export function parserRefusal(error: Error & { code?: string }): [ErrorCode, string] {
  return PARSER_ERRORS[error.code ?? ''] ?? ['BAD_REQUEST', 'the request is not valid HTTP/1.1'];
}

/** An error answer written as raw HTTP/1.1 text, for a socket that has no response object. */
export function rawErrorResponse(
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

/** Writes `response` and closes; a peer that never reads does not keep the socket open. */
export function endWith(socket: Duplex, response: string): void {
  socket.end(response, () => socket.destroy());
  const timer = setTimeout(() => socket.destroy(), 1000).unref();
  socket.once('close', () => clearTimeout(timer));
}
