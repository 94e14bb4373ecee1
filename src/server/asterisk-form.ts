import { type MicroserviceDefinition } from '../microservices';

/** The methods of the entry point, and with them those of the admin routes and files. */
const ENTRY_POINT_METHODS = 'POST, OPTIONS';
const EVERY_METHOD = 'GET, HEAD, POST, OPTIONS';

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
