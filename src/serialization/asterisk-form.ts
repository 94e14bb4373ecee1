import type http from 'node:http';

/** What an admin port (a main server's or a replica's) answers `OPTIONS *` with in `Allow`. */
export const ADMIN_METHODS = 'GET, HEAD';

/**
 * The refusal of a request whose target is `*` with a method other than OPTIONS: the
 * asterisk-form is only for OPTIONS (RFC 9112 §3.2.4). Undefined for `OPTIONS *`.
 */
export function asteriskFault(method: string | undefined): string | undefined {
  if (method === 'OPTIONS') return undefined;
  return `the request target * is only for OPTIONS (RFC 9112 §3.2.4): ${method} needs a path`;
}

/**
 * Answers `OPTIONS *`, which asks about the server as a whole (RFC 9110 §9.3.7), not about a
 * resource: 200 with no body and the methods the port takes on some path in `Allow`. It is no
 * CORS preflight, which names a path.
 */
export function answerServerOptions(
  res: http.ServerResponse,
  options: { readonly allow: string; readonly requestId: string },
): void {
  res.writeHead(200, {
    Allow: options.allow,
    'Content-Length': 0,
    'X-SVC-Request-ID': options.requestId,
  });
  res.end();
  res.req.resume();
}
