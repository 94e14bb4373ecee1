import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Logger } from 'pino';
import { sendContinue } from '../entry-point/body';
import { CallSlots } from '../entry-point/call-slots';
import { type CallRoute } from '../entry-point/dispatch';
import { createEntryPoint } from '../entry-point/entry-point';
import { type NativeAppDefinition, type ServletAppDefinition } from '../microservices';
import { type Transport } from '../protocol/envelope';
import { createMicroserviceRuntime } from '../runtime/runtime';
import { createInProcessTransport } from '../transport/in-process';
import type { NatsCarrier } from '../transport/nats/nats-carrier';
import type { NatsEvents } from '../transport/nats/nats-events';
import { ADMIN_PREFIX, createAdminRoutes } from './admin-routes';
import {
  DEFAULT_PORT,
  type MainServerConfig,
  resolveDrainDelay,
  resolveEntryPointConfig,
  resolveHttpLimits,
} from './config';
import { createHttpServer } from './http-server';
import { createCallLog, createLogger } from './logger';
import { createServerObservability } from './observability';
import { createReadiness } from './readiness';
import { createStaticFilesHandler } from './static-files';

/** A main server: its Koa app, and the means to listen and to shut down gracefully. */
export interface MainServer {
  readonly app: Koa;
  readonly logger: Logger;
  /** The HTTP server once `listen` was called. */
  readonly server: http.Server | undefined;
  /** Starts listening; resolves with the bound port. */
  listen(port?: number, host?: string): Promise<number>;
  /**
   * Stops taking connections, lets the calls in flight finish (up to the call timeout), then
   * closes every connection and carrier.
   */
  close(): Promise<void>;
}

/**
 * Something that creates the transport of a native microservice that does not run in-process, in
 * place of the built-in NATS carrier (tests use it to stand in for an unreachable carrier).
 */
export type TransportFactory = (definition: NativeAppDefinition, logger: Logger) => Transport;

type Handler = (ctx: Koa.Context, rest: string) => Promise<void>;

/** Loads the NATS carrier only when a microservice is placed on NATS, so an embedded server never loads the client. */
function loadNatsCarrier(logger: Logger, events: NatsEvents | undefined): NatsCarrier {
  const { createNatsCarrier } =
    require('../transport/nats/nats-carrier') as typeof import('../transport/nats/nats-carrier');
  return createNatsCarrier(logger, events);
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
  const entryConfig = resolveEntryPointConfig(config);
  const httpLimits = resolveHttpLimits(config);
  const development = config.development ?? false;
  const drainDelayMs = resolveDrainDelay(config);
  const { metrics, observe } = createServerObservability(config);
  const routes = new Map<string, CallRoute>();
  const handlers = new Map<string, Handler>();
  let nats: NatsCarrier | undefined;
  function transportOf(definition: NativeAppDefinition): Transport {
    const placement = definition.placement ?? config.placement ?? 'in-process';
    if (placement === 'in-process') {
      return createInProcessTransport(
        createMicroserviceRuntime(definition, {
          development,
          maxDepth: entryConfig.maxDepth,
          logger,
        }),
      );
    }
    if (transportFactory) return transportFactory(definition, logger);
    nats ??= loadNatsCarrier(logger, metrics?.nats);
    return nats.transport(definition.name, placement.nats, {
      maxArgs: entryConfig.maxArgs,
      maxHeaderBytes: httpLimits.maxHeaderBytes,
    });
  }
  for (const definition of config.microservices) {
    if (
      routes.has(definition.name) ||
      handlers.has(definition.name) ||
      !definition.name ||
      definition.name.includes('/') ||
      definition.name === ADMIN_PREFIX
    ) {
      throw new TypeError(
        `portico: microservice name ${JSON.stringify(definition.name)} is empty, has a "/", is used twice or is "${ADMIN_PREFIX}" (reserved for /${ADMIN_PREFIX}/live, /${ADMIN_PREFIX}/ready and /${ADMIN_PREFIX}/metrics)`,
      );
    }
    if (definition.type === 'nativeApp') {
      const cap = definition.maxConcurrentCalls ?? entryConfig.maxConcurrentCalls;
      const slots = new CallSlots(definition.name, cap);
      routes.set(definition.name, { transport: transportOf(definition), slots });
    } else if (definition.type === 'servletApp') {
      handlers.set(definition.name, createServletHandler(definition));
    } else {
      handlers.set(definition.name, createStaticFilesHandler(definition));
    }
  }
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
  handlers.set(ADMIN_PREFIX, createAdminRoutes({ readiness, metrics }));

  let inFlight = 0;
  let drained: (() => void) | undefined;
  let closing = false;
  const app = new Koa();
  app.silent = true;
  app.on('error', (error: Error) => logger.error({ err: error }, 'unhandled error'));
  app.use(async (ctx) => {
    inFlight++;
    try {
      const path = ctx.path;
      const slash = path.indexOf('/', 1);
      const name = slash < 0 ? path.slice(1) : path.slice(1, slash);
      const handler = handlers.get(name);
      if (handler) await handler(ctx, slash < 0 ? '' : path.slice(slash));
      else await entryPoint(ctx, path.slice(1).split('/'));
    } finally {
      // Once shutdown began, no connection is kept for another request.
      if (closing) ctx.res.shouldKeepAlive = false;
      if (--inFlight === 0) drained?.();
    }
  });

  let server: http.Server | undefined;
  return {
    app,
    logger,
    get server() {
      return server;
    },
    async listen(port = config.port ?? DEFAULT_PORT, host = config.host) {
      // Readiness is false until every carrier started; liveness answers meanwhile.
      server = createHttpServer(httpLimits, app.callback());
      const listening = server;
      const bound = await new Promise<number>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          resolve((listening.address() as AddressInfo).port);
        });
      });
      try {
        await Promise.all([...routes.values()].map(({ transport }) => transport.start?.()));
      } catch (error) {
        await new Promise((resolve) => listening.close(resolve));
        throw error;
      }
      for (const [name, { transport }] of routes)
        logger.info({ microservice: name, placement: transport.placement }, 'microservice ready');
      readiness.phase = 'serving';
      logger.info({ port: bound }, 'main server listening');
      return bound;
    },
    async close() {
      // Load balancers see readiness turn false first, while calls are still served.
      readiness.phase = 'draining';
      if (drainDelayMs > 0 && server?.listening) {
        logger.info({ drainDelayMs }, 'readiness is false; closing after the drain delay');
        await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      }
      closing = true;
      const closed = server
        ? new Promise<void>((resolve) => server?.close(() => resolve()))
        : Promise.resolve();
      server?.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => {
            drained = resolve;
          }),
          new Promise<void>((resolve) =>
            setTimeout(resolve, entryConfig.callTimeoutMs + 1000).unref(),
          ),
        ]);
      }
      server?.closeAllConnections();
      await closed;
      await Promise.all([...routes.values()].map(({ transport }) => transport.close()));
    },
  };
}

function createServletHandler(definition: ServletAppDefinition): Handler {
  const { app } = definition;
  if (app instanceof Koa) {
    const callback = app.callback();
    return async (ctx, rest) => {
      // A servlet app reads its own body: its client may send it at once.
      sendContinue(ctx.req);
      ctx.respond = false;
      const url = ctx.req.url;
      ctx.req.url = (rest || '/') + (ctx.querystring ? `?${ctx.querystring}` : '');
      try {
        await callback(ctx.req, ctx.res);
      } finally {
        ctx.req.url = url;
      }
    };
  }
  return async (ctx, rest) => {
    const path = ctx.path;
    sendContinue(ctx.req);
    ctx.path = rest || '/';
    try {
      await app(ctx, async () => {});
    } finally {
      ctx.path = path;
    }
  };
}
