import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { negotiate } from '../entry-point/negotiation';
import { requestIdOf, validRequestId } from '../entry-point/request-id-of';
import { svcHeaderValues } from '../entry-point/svc-header-values';
import { endWith, parserRefusal, rawErrorResponse } from '../serialization/raw-error-response';
import { type Format } from '../serialization/sequence';

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
 * Where an answer that closes the connection is ended, nothing is written or cut.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  open: readonly http.ServerResponse[] | undefined,
  requestId = requestIdOfCut(open?.at(-1)) ?? randomUUID(),
): void {
  // An answer that closes the connection (a refusal of the head) is ended already: Node closes
  // the connection once it is sent, and nothing may follow it (RFC 9112 §9.6). Node's parser
  // refuses some heads only after the request event that answered them.
  if (open?.some((res) => res.writableEnded && !res.shouldKeepAlive)) return;
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
  const [code, message] = parserRefusal(error);
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
