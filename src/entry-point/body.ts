import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { frameworkError } from '../errors';
import { shownHeaderValue } from '../http/shown-header-value';

/** The responses of requests whose clients wait for `100 Continue` before they send the body. */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * Holds back the `100 Continue` that a request with `Expect: 100-continue` waits for, until its
 * body is read: a request refused before that (413 for a declared `Content-Length` over the
 * limit, or any other error) never has its client send the body.
 */
export function holdContinue(req: IncomingMessage, res: ServerResponse): void {
  awaitingContinue.set(req, res);
}

/** Sends the `100 Continue` held back for `req`, if any: the body is about to be read. */
export function sendContinue(req: IncomingMessage): void {
  const res = awaitingContinue.get(req);
  if (res === undefined) return;
  awaitingContinue.delete(req);
  res.writeContinue();
}

/**
 * Reads a request body as UTF-8 text. A declared `Content-Length` over `limit` is refused before
 * a byte is read, and before `100 Continue` is sent to a client that waits for it; a body that
 * grows past it is refused as soon as it does (413). Bytes that are not UTF-8 are a 400; a leading
 * byte order mark is dropped, and a second one is a 400. A body in a `Content-Encoding` other
 * than `identity` (gzip, deflate, br) is refused unread (415), as RFC 9110 asks of a coding the
 * server does not decode: read as it is, a compressed body was "not valid UTF-8", and one that
 * named an unknown coding over plain text was taken as plain text.
 */
export function readBodyText(req: IncomingMessage, limit: number): Promise<string> {
  // Middleware before the dispatch that read the body (a body parser) left none to wait for: the
  // call would hang until its client gave up (docs/configuration.md, Middleware of your own).
  if (req.readableDidRead || req.readableEnded) {
    const message = `the body was read before portico's dispatch, by middleware added with app.use`;
    return Promise.reject(frameworkError('INTERNAL_ERROR', message));
  }
  const coding = req.headers['content-encoding'];
  if (coding !== undefined && !isIdentity(coding)) return Promise.reject(unsupportedCoding(coding));
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    return Promise.reject(tooLarge(limit));
  }
  const expected = declared === undefined ? 0 : Number(declared);
  // Only a request that sent Expect can have its 100 Continue held back.
  if (req.headers.expect !== undefined) sendContinue(req);
  return new Promise((resolve, reject) => {
    // The first chunk is kept as it came (most bodies are one); from the second on, the bytes are
    // copied into one buffer that doubles as it fills. Kept one by one, a chunked body of a
    // million one-byte chunks held a million Buffer objects, about 400 MB for 1 MiB read.
    let first: Buffer | undefined;
    let joined: Buffer | undefined;
    let size = 0;
    const onData = (chunk: Buffer) => {
      const end = size + chunk.length;
      if (end > limit) {
        cleanup();
        reject(tooLarge(limit));
        return;
      }
      if (joined === undefined && first === undefined) first = chunk;
      else {
        if (joined === undefined || end > joined.length) {
          // The length the request declared where it did (a small one comes from Node's pool).
          const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(end, 2 * size, expected)));
          (joined ?? (first as Buffer)).copy(grown, 0, 0, size);
          joined = grown;
          first = undefined;
        }
        chunk.copy(joined, size);
      }
      size = end;
    };
    const onEnd = () => {
      cleanup();
      const body = joined ? joined.subarray(0, size) : (first ?? Buffer.alloc(0));
      if (!isUtf8(body)) {
        reject(frameworkError('MALFORMED_BODY', 'the body is not valid UTF-8'));
        return;
      }
      const text = body.toString('utf8');
      const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      // A second mark would pass as the one each reader allows at its start.
      if (start === 1 && text.charCodeAt(1) === 0xfeff) {
        reject(frameworkError('MALFORMED_BODY', 'the body starts with two byte order marks'));
        return;
      }
      resolve(start === 1 ? text.slice(1) : text);
    };
    // Node reports a client that went away mid-body (a reset, or a close of its side) as an
    // ECONNRESET error of the request: a request cut short, not a body the client got wrong. The
    // server counts it in portico_client_disconnects_total (docs/operating.md).
    const onError = (error: Error & { code?: string }) => {
      cleanup();
      reject(
        error.code === 'ECONNRESET'
          ? frameworkError('BAD_REQUEST', 'the connection ended before the request did', {
              cause: error,
            })
          : frameworkError('MALFORMED_BODY', 'the body could not be read', { cause: error }),
      );
    };
    function cleanup() {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * True when every coding of the list is `identity` (any case, HTTP white space around it) or
 * empty: RFC 9110 §8.4 makes the header a list, which Node joins from repeated lines with ", ".
 */
function isIdentity(coding: string): boolean {
  for (const item of coding.split(',')) {
    const name = item.trim().toLowerCase();
    if (name !== '' && name !== 'identity') return false;
  }
  return true;
}

function unsupportedCoding(coding: string) {
  return frameworkError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Encoding ${shownHeaderValue(coding)} is not supported: send the body uncompressed`,
    { headers: { 'Accept-Encoding': 'identity' } },
  );
}

function tooLarge(limit: number) {
  return frameworkError('PAYLOAD_TOO_LARGE', `the body is larger than ${limit} bytes`);
}
