import type { IncomingMessage } from 'node:http';
import { shownHeaderValue } from '../http/shown-header-value';

/**
 * RFC 3986's host and optional port: an IP literal in brackets, or a name of unreserved,
 * percent-encoded and sub-delims characters. Neither part takes a colon, so no input backtracks.
 */
const HOST = /^(?:\[[\w.:~%!$&'()*+,;=-]+\]|[\w.~%!$&'()*+,;=-]*)(?::\d*)?$/;

/**
 * Why a request's `Host` is refused, or `undefined` when it is not. RFC 9112 §3.2: a server must
 * answer 400 to an HTTP/1.1 request without `Host`, and to any request with more than one `Host`
 * line or a `Host` that is not a host and port. Node keeps the first of two lines, where a proxy
 * in front may have routed by the last.
 */
export function hostFault(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (host === undefined) {
    return req.httpVersion === '1.0' ? undefined : 'an HTTP/1.1 request must have a Host header';
  }
  if (!HOST.test(host)) return `Host ${shownHeaderValue(host)} is not a host and port`;
  return hostLines(req.rawHeaders) > 1 ? 'Host is sent more than once: send it once' : undefined;
}

/** How many header lines are named Host, in any case. */
function hostLines(rawHeaders: readonly string[]): number {
  let lines = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (
      name.length === 4 &&
      (name.charCodeAt(0) | 0x20) === 0x68 &&
      name.toLowerCase() === 'host'
    ) {
      lines++;
    }
  }
  return lines;
}
