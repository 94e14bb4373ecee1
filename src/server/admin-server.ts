import type http from 'node:http';
import Koa from 'koa';
import type { Logger } from 'pino';
import { ADMIN_METHODS } from '../serialization/asterisk-form';
import { answerAdminError } from './admin-error';
import { ADMIN_PREFIX, type AdminRoutes } from './admin-routes';
import { type AdminPlacement, type HttpLimits } from './config';
import { type ErrorListener } from './error-listener';
import { createHttpServer, listenOn } from './http-server';

/** The admin routes' own HTTP server, when the configuration gives them a port. */
export interface AdminServer {
  readonly port: number;
  /** Closes it and every connection to it. */
  close(): Promise<void>;
}

/** The admin placement of the configuration, checked; `undefined` keeps the routes public. */
export function resolveAdminPlacement(
  admin: AdminPlacement | undefined,
): AdminPlacement | undefined {
  if (admin === undefined) return undefined;
  const { port, host } = admin;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError('portico: admin.port must be a port number from 0 to 65535');
  }
  if (host !== undefined && (typeof host !== 'string' || host === '')) {
    throw new TypeError('portico: admin.host must be a host name or address');
  }
  return admin;
}

/** What answers `/-/…` on the public port: the admin routes, or 404 when they have a port. */
export function publicAdminRoutes(
  placement: AdminPlacement | undefined,
  routes: AdminRoutes,
): AdminRoutes {
  if (!placement) return routes;
  return async (ctx) => {
    answerAdminError(ctx, 'NOT_FOUND', 'no such admin route on this port');
  };
}

/**
 * Serves the admin routes alone, on their own port and host: `/-/live`, `/-/ready`, `/-/metrics`;
 * every other path is 404, whatever the method.
 */
export async function startAdminServer(options: {
  readonly placement: AdminPlacement;
  readonly limits: HttpLimits;
  readonly routes: AdminRoutes;
  readonly logger: Logger;
  /** The main server's listener of its application's errors: one policy for both ports. */
  readonly onError: ErrorListener;
}): Promise<AdminServer> {
  const { placement, limits, routes, logger } = options;
  const app = new Koa();
  app.silent = true;
  app.on('error', options.onError);
  const prefix = `/${ADMIN_PREFIX}/`;
  app.use(async (ctx) => {
    if (ctx.path.startsWith(prefix)) return routes(ctx, ctx.path.slice(prefix.length - 1));
    answerAdminError(
      ctx,
      'NOT_FOUND',
      'no such admin route: /-/live, /-/ready and /-/metrics exist',
    );
  });
  const server: http.Server = createHttpServer(limits, app.callback(), { allow: ADMIN_METHODS });
  const port = await listenOn(server, placement.port, placement.host);
  logger.info({ adminPort: port }, 'admin routes listening');
  return {
    port,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
