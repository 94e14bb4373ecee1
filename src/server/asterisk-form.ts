import type http from 'node:http';
import { type MicroserviceDefinition } from '../microservices';
import { answerShape } from './raw-refusals';

/** The methods of the entry point, and of the admin routes and files. */
const ENTRY_POINT_METHODS = 'POST, OPTIONS';
const EVERY_METHOD = 'GET, HEAD, POST, OPTIONS';

/** What the admin routes' own port answers `OPTIONS *` with in `Allow`. */
export const ADMIN_METHODS = 'GET, HEAD';

/**
 * The methods the main server takes on some path, for `Allow` in its answer to `OPTIONS *`: those
 * of the entry point, with GET and HEAD where the admin routes share its port or a microservice
 * serves files or is a servlet app (which takes what its own handler takes).
 */
export function mainServerMethods(
  microservices: readonly MicroserviceDefinition[],
  adminOwnPort: boolean,
): string {
  const withGet = !adminOwnPort || microservices.some((m) => m.type !== 'nativeApp');
  return withGet ? EVERY_METHOD : ENTRY_POINT_METHODS;
}

/**
 * The refusal of a request whose target is `*` with a method other than OPTIONS: the
 * asterisk-form is only for OPTIONS (RFC 9112 §3.2.4). Undefined for `OPTIONS *`.
 */
export function asteriskFault(req: http.IncomingMessage): string | undefined {
  if (req.method === 'OPTIONS') return undefined;
  return `the request target * is only for OPTIONS: ${req.method} needs a path such as /{microservice}/{service}/{method}`;
}

/**
 * Answers `OPTIONS *`, which asks about the server as a whole (RFC 9110 §9.3.7), not about a
 * resource: 200 with no body and `Allow`. It is no CORS preflight, which names a path.
 */
export function answerServerOptions(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  allow: string,
): void {
  res.writeHead(200, {
    Allow: allow,
    'Content-Length': 0,
    'X-SVC-Request-ID': answerShape(req).requestId,
  });
  res.end();
  req.resume();
}
