import type { IncomingMessage } from 'node:http';
import { headerLines } from '../http/header-lines';
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
  return headerLines(req.rawHeaders, 'host') > 1
    ? 'Host is sent more than once: send it once'
    : undefined;
}
