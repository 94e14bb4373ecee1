import type Koa from 'koa';
import type { Logger } from 'pino';
import { CallSlots } from '../entry-point/call-slots';
import { type EntryPointConfig } from '../entry-point/config';
import { type CallRoute } from '../entry-point/dispatch';
import { type NativeAppDefinition } from '../microservices';
import { type Transport } from '../protocol/envelope';
import { microserviceNameFault } from '../protocol/microservice-name';
import { createMicroserviceRuntime } from '../runtime/runtime';
import { createInProcessTransport } from '../transport/in-process';
import type { NatsCarrier } from '../transport/nats/nats-carrier';
import type { NatsEvents } from '../transport/nats/nats-events';
import { ADMIN_PREFIX } from './admin-routes';
import { type HttpLimits, type MainServerConfig } from './config';
import { idempotentMethods, knownMethods } from './idempotent-methods';
import { createServletHandler } from './servlet-app';
import { createStaticFilesHandler } from './static-files';

/**
 * Something that creates the transport of a native microservice that does not run in-process, in
 * place of the built-in NATS carrier (tests use it to stand in for an unreachable carrier).
 */
export type TransportFactory = (definition: NativeAppDefinition, logger: Logger) => Transport;

/** Answers every request under `/{name}/`; `rest` is the path after the name. */
export type PathHandler = (ctx: Koa.Context, rest: string) => Promise<void>;

/** What {@link mountMicroservices} needs besides the microservices of `config`. */
export interface MountOptions {
  readonly config: MainServerConfig;
  readonly entryConfig: EntryPointConfig;
  readonly httpLimits: HttpLimits;
  readonly logger: Logger;
  readonly development: boolean;
  readonly transportFactory: TransportFactory | undefined;
  /** Where the NATS carrier reports its connection events, when metrics are on. */
  readonly natsEvents: NatsEvents | undefined;
}

/** The microservices of a main server by name: a route to each native one, a handler of the rest. */
export interface Mounted {
  readonly routes: Map<string, CallRoute>;
  readonly handlers: Map<string, PathHandler>;
}

/** Loads the NATS carrier only when a microservice is placed on NATS, so an embedded server never loads the client. */
function loadNatsCarrier(logger: Logger, events: NatsEvents | undefined): NatsCarrier {
  const { createNatsCarrier } =
    require('../transport/nats/nats-carrier') as typeof import('../transport/nats/nats-carrier');
  return createNatsCarrier(logger, events);
}

/**
 * The transport of each native microservice: in-process, the factory's, or the NATS carrier's,
 * which is made for the first microservice placed on NATS and shared by the others.
 */
function transportMaker(options: MountOptions): (definition: NativeAppDefinition) => Transport {
  const { config, entryConfig, httpLimits, logger, development, transportFactory } = options;
  let nats: NatsCarrier | undefined;
  return (definition) => {
    const placement = definition.placement ?? config.placement ?? 'in-process';
    checkPlacement(definition.name, placement);
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
    nats ??= loadNatsCarrier(logger, options.natsEvents);
    const limits = { maxArgs: entryConfig.maxArgs, maxHeaderBytes: httpLimits.maxHeaderBytes };
    return nats.transport(
      definition.name,
      placement.nats,
      limits,
      idempotentMethods(definition.services),
      knownMethods(definition.services),
    );
  };
}

/** Refuses a placement of another shape, which would fail later with a TypeError that names no key. */
function checkPlacement(name: string, placement: unknown): void {
  if (placement === 'in-process') return;
  const nats = (placement as { nats?: unknown } | null)?.nats;
  if (typeof placement === 'object' && typeof nats === 'object' && nats !== null) return;
  throw new TypeError(
    `portico: the placement of microservice ${name} must be 'in-process' or { nats: { servers: [...] } }, got ${JSON.stringify(placement)}`,
  );
}

/** Refuses a name that is mounted already, the admin prefix, or not a microservice name. */
function checkName(name: string, mounted: Mounted): void {
  const shown = JSON.stringify(name);
  if (mounted.routes.has(name) || mounted.handlers.has(name)) {
    throw new TypeError(`portico: microservice name ${shown} is used twice`);
  }
  if (name === ADMIN_PREFIX) {
    throw new TypeError(
      `portico: microservice name ${shown} is "${ADMIN_PREFIX}" (reserved for /${ADMIN_PREFIX}/live, /${ADMIN_PREFIX}/ready and /${ADMIN_PREFIX}/metrics)`,
    );
  }
  const fault = microserviceNameFault(name);
  if (fault) throw new TypeError(`portico: ${fault}`);
}

/**
 * Mounts each microservice under its name: a native one gets its transport and the slots that
 * cap its calls; a servlet app and a static-files one get their handler.
 */
export function mountMicroservices(options: MountOptions): Mounted {
  const mounted: Mounted = { routes: new Map(), handlers: new Map() };
  const transportOf = transportMaker(options);
  for (const definition of options.config.microservices) {
    checkName(definition.name, mounted);
    if (definition.type === 'nativeApp') {
      const cap = definition.maxConcurrentCalls ?? options.entryConfig.maxConcurrentCalls;
      const slots = new CallSlots(definition.name, cap);
      mounted.routes.set(definition.name, { transport: transportOf(definition), slots });
    } else if (definition.type === 'servletApp') {
      mounted.handlers.set(definition.name, createServletHandler(definition));
    } else {
      mounted.handlers.set(definition.name, createStaticFilesHandler(definition));
    }
  }
  return mounted;
}
