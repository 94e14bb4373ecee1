import type http from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { createCallCors } from '../entry-point/call-cors';
import { createEntryPoint } from '../entry-point/entry-point';
import { MAX_TIMER_MS } from '../protocol/deadline';
import { ADMIN_PREFIX, createAdminRoutes } from './admin-routes';
import {
  type AdminServer,
  publicAdminRoutes,
  resolveAdminPlacement,
  startAdminServer,
} from './admin-server';
import { mainServerMethods } from './asterisk-form';
import { checkServerConfig, warnUnknownKeys } from './check-config';
import { DEFAULT_PORT, type MainServerConfig } from './config';
import { docsHomeOf } from './docs-home';
import { createErrorListener } from './error-listener';
import { createHttpServer, listenOn } from './http-server';
import { createInFlight } from './in-flight';
import { createCallLog, createLogger } from './logger';
import { MainApp } from './main-app';
import { createErrorBoundary } from './middleware-errors';
import { mountMicroservices, type TransportFactory } from './mount-microservices';
import { createServerObservability } from './observability';
import { createReadiness } from './readiness';
import { createRequestDispatch } from './request-dispatch';
import { createRequestListener } from './request-listener';
import { resolveDrainDelay, resolveEntryPointConfig, resolveHttpLimits } from './resolve-config';
import { shutDown } from './shutdown';

/** A main server: its Koa app, and the means to listen and to shut down gracefully. */
export interface MainServer {
  readonly app: Koa;
  readonly logger: Logger;
  /** The HTTP server once `listen` was called. */
  readonly server: http.Server | undefined;
  /** The port of the admin routes once `listen` was called, when `admin` gives them one. */
  readonly adminPort: number | undefined;
  /** Starts listening; resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /**
   * Stops taking connections, lets the calls in flight finish (up to the call timeout, or until
   * `drainGraceMs` after this call), answers those still held 502 `SERVER_LEFT`, then closes every
   * connection and carrier. Resolves with the number of requests that were still held.
   */
  close(options?: { readonly drainGraceMs?: number }): Promise<number>;
}

/**
 * Creates a main server hosting the given microservices.
 *
 * @example
 * const main = createMainServer({ microservices: [calc, docs] });
 * await main.listen(8082);
 */
export function createMainServer(
  config: MainServerConfig,
  transportFactory?: TransportFactory,
): MainServer {
  const logger = createLogger(config.logLevel, config.logStream);
  checkServerConfig(config);
  warnUnknownKeys(config, logger);
  const entryConfig = resolveEntryPointConfig(config);
  const httpLimits = resolveHttpLimits(config);
  const development = config.development ?? false;
  const drainDelayMs = resolveDrainDelay(config);
  const { metrics, observe } = createServerObservability(config);
  const { routes, handlers } = mountMicroservices({
    config,
    entryConfig,
    httpLimits,
    logger,
    development,
    transportFactory,
    natsEvents: metrics?.nats,
  });
  const entryPoint = createEntryPoint({
    config: entryConfig,
    routes,
    logger,
    logCall: createCallLog(logger),
    development,
    observe,
  });
  const readiness = createReadiness(
    new Map([...routes].map(([name, route]) => [name, route.transport])),
  );
  const adminRoutes = createAdminRoutes({ readiness, metrics });
  const adminPlacement = resolveAdminPlacement(config.admin);
  handlers.set(ADMIN_PREFIX, publicAdminRoutes(adminPlacement, adminRoutes));

  const docsHome = development ? docsHomeOf(config.microservices) : undefined;
  const inFlight = createInFlight();
  const targets = { handlers, docsHome, entryPoint, inFlight };
  const dispatch = createRequestDispatch(targets);
  const boundary = createErrorBoundary({ development, cors: createCallCors(entryConfig.cors) });
  const app = new MainApp(dispatch, boundary);
  app.silent = true;
  const onError = createErrorListener(logger, metrics?.clientDisconnect);
  app.on('error', onError);

  let server: http.Server | undefined;
  let admin: AdminServer | undefined;
  return {
    app,
    logger,
    get server() {
      return server;
    },
    get adminPort() {
      return admin?.port;
    },
    async listen(port = config.port ?? DEFAULT_PORT, host = config.host) {
      // Readiness is false until every carrier started; liveness answers meanwhile.
      const { listener, onSocketError } = createRequestListener({
        app,
        dispatch,
        onError,
        ...targets,
      });
      server = createHttpServer(httpLimits, listener, {
        allow: mainServerMethods(config.microservices, adminPlacement !== undefined),
        onSocketError,
        onWriteTimeout: () => {
          metrics?.writeTimeout();
          logger.debug({ writeTimeoutMs: httpLimits.writeTimeoutMs }, 'answer not taken in time');
        },
      });
      const listening = server;
      const bound = await listenOn(listening, port, host);
      try {
        if (adminPlacement) {
          const placement = { host, ...adminPlacement };
          admin = await startAdminServer({
            placement,
            limits: httpLimits,
            routes: adminRoutes,
            logger,
            onError,
          });
        }
        await Promise.all([...routes.values()].map(({ transport }) => transport.start?.()));
      } catch (error) {
        await admin?.close();
        await new Promise((resolve) => listening.close(resolve));
        throw error;
      }
      for (const [name, { transport }] of routes)
        logger.info({ microservice: name, placement: transport.placement }, 'microservice ready');
      readiness.phase = 'serving';
      logger.info({ port: bound }, 'main server listening');
      return bound;
    },
    close: (options) =>
      shutDown({
        drainGraceMs: options?.drainGraceMs,
        readiness,
        drainDelayMs,
        server,
        inFlight,
        logger,
        admin,
        routes,
        graceMs: Math.min(MAX_TIMER_MS, entryConfig.callTimeoutMs + 1000),
      }),
  };
}
