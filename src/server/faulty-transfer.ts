import type { IncomingMessage } from 'node:http';
import { shownHeaderValue } from '../http/shown-header-value';

/**
 * Why a request's `Transfer-Encoding` cannot frame its body, or `undefined` when it can. RFC 9112
 * §6.1: in HTTP/1.0 its framing is faulty (Node reads it chunked and keeps the connection, where a
 * proxy that reads it as HTTP/1.0 would take the chunks for the next request); a coding before
 * `chunked` (`gzip, chunked`) is one portico does not undo, which Node's parser lets through.
 */
export function faultyTransfer(req: IncomingMessage): string | undefined {
  if (req.httpVersionMinor === 0 && req.httpVersionMajor === 1) {
    return 'an HTTP/1.0 request cannot have Transfer-Encoding';
  }
  const coding = req.headers['transfer-encoding'] ?? '';
  if (coding.trim().toLowerCase() === 'chunked') return undefined;
  return `Transfer-Encoding ${shownHeaderValue(coding)} is not supported: send chunked alone`;
}
