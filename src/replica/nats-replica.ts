import pino, { type Logger } from 'pino';
import { type NativeAppDefinition } from '../microservices';
import { LIMIT_DEFAULTS } from '../protocol/limit-defaults';
import { createMicroserviceRuntime } from '../runtime/runtime';
import { connectNats, natsSubject } from '../transport/nats/nats-connection';
import { type NatsConnectionOptions } from '../transport/nats/nats-options';
import { createCallHandler } from './call-handler';
import { createCallHolds } from './call-holds';
import { type CallSubscriptions, drainOpen, subscribeCalls } from './call-subscriptions';
import { createLimiter } from './limiter';
import { resolveReplicaId } from './replica-id';
import { type ReplicaLimits, resolveReplicaLimits } from './replica-limits';
import { answerPings } from './replica-pings';
import { withOutbound } from './with-outbound';

/** Calls one replica runs at once unless told otherwise. */
export const DEFAULT_CONCURRENCY = 64;

/**
 * Options of {@link startNatsReplica}: the connection, and the replica's own limits (see
 * {@link ReplicaLimits}; defaults those of a main server).
 */
export interface NatsReplicaOptions extends NatsConnectionOptions, Partial<ReplicaLimits> {
  /** Must match the main server's placement. Default `portico`. */
  readonly subjectPrefix?: string;
  /** The microservice name to answer for; default the definition's name. */
  readonly name?: string;
  /**
   * The id that the replica names itself with in every reply, its ping answers and its admin
   * metrics; main servers count replies by it. Default `<hostname>:<pid>` (see
   * `defaultReplicaId`), which replicas started in one process share: give each its own there.
   * Throws at start for one that breaks the rule of `isReplicaId`.
   */
  readonly replicaId?: string;
  /** Calls run at once; more wait in arrival order. Default {@link DEFAULT_CONCURRENCY}. */
  readonly concurrency?: number;
  readonly logger?: Logger;
  /** Show unexpected errors' messages and stacks to callers. Never in production. */
  readonly development?: boolean;
  /** Nesting limit of argument texts. Default 64. */
  readonly maxDepth?: number;
  /** How long to keep trying the first connection. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
  /** Serve each call in an OpenTelemetry span, the child of the entry point's. Default off. */
  readonly tracing?: boolean;
}

/** A running replica of a microservice: one member of the queue group of its subject. */
export interface NatsReplica {
  readonly microservice: string;
  /** The id it names itself with in its replies. */
  readonly replicaId: string;
  readonly subject: string;
  /** Calls it runs at once. */
  readonly concurrency: number;
  /** Calls received and not answered yet (running or waiting for a slot). */
  readonly inFlight: number;
  /** Calls running now. */
  readonly running: number;
  /** Calls received that wait for a free slot. */
  readonly waiting: number;
  /** Stops taking calls, answers every call already received, then disconnects. */
  drain(): Promise<void>;
  /** Disconnects at once; calls in flight get no answer. */
  close(): Promise<void>;
}

/**
 * Starts a replica of a native microservice on NATS: connects, subscribes to `${prefix}.${name}`
 * in the queue group of the same name and to its own subject, and serves each call with the microservice runtime, at
 * most `concurrency` at once, until drained.
 */
export async function startNatsReplica(
  definition: NativeAppDefinition,
  options: NatsReplicaOptions,
): Promise<NatsReplica> {
  const microservice = options.name ?? definition.name;
  const subject = natsSubject(options.subjectPrefix, microservice);
  const replicaId = resolveReplicaId(options.replicaId);
  const logger = options.logger ?? pino({ level: 'silent' });
  const runtime = createMicroserviceRuntime(
    { ...definition, name: microservice },
    {
      development: options.development ?? false,
      maxDepth: options.maxDepth ?? LIMIT_DEFAULTS.maxDepth,
      logger,
    },
  );
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const limits = resolveReplicaLimits(limitsOf(options));
  const limiter = createLimiter(concurrency, limits.maxWaiting);
  const link = await connectNats({
    ...options,
    name: `portico replica ${microservice} ${replicaId}`,
    logger,
  });
  const tracing = options.tracing ?? false;
  const holds = createCallHolds();
  let draining: Promise<void> | undefined;
  let joining = true;
  let calls: CallSubscriptions | undefined;
  const serving = withOutbound(runtime, { link, subjectPrefix: options.subjectPrefix, tracing });
  const serve = createCallHandler({
    runtime: serving,
    link,
    limiter,
    limits,
    logger,
    replicaId,
    holds,
    tracing,
  });
  const pings = answerPings(link.connection, subject, (inbox) => ({
    microservice,
    replica: replicaId,
    pid: process.pid,
    running: limiter.active,
    waiting: limiter.waiting,
    concurrency,
    cuts: link.cuts,
    draining: draining !== undefined,
    joining,
    steerable: calls?.steerable ?? false,
    holds: inbox ? holds.heldFor(inbox) : [],
  }));
  await link.connection.flush();
  // Main servers count lost only the replicas they heard: it takes no call before they have, so
  // that one stopped right after its first call is still counted lost (docs/faults.md).
  await pings.introduced();
  calls = subscribeCalls(link.connection, subject, replicaId, { serve, logger });
  await link.connection.flush();
  joining = false;
  return {
    microservice,
    replicaId,
    subject,
    concurrency,
    get inFlight() {
      return limiter.active + limiter.waiting;
    },
    get running() {
      return limiter.active;
    },
    get waiting() {
      return limiter.waiting;
    },
    drain() {
      draining ??= (async () => {
        // Ping answers say `draining` from now on, so readiness stops counting this replica, and
        // go on until the last call is answered, so that main servers do not count it lost.
        await calls?.drain();
        logger.info({ inFlight: limiter.active + limiter.waiting }, 'stopped taking calls');
        await limiter.idle();
        await drainOpen(pings.subscription);
        holds.stop();
        await link.connection.drain();
      })();
      return draining;
    },
    close: () => {
      holds.stop();
      return link.connection.close();
    },
  };
}

function limitsOf(options: NatsReplicaOptions): Partial<ReplicaLimits> {
  const { maxCallMs, maxWaiting, maxArgs, maxBodyBytes } = options;
  const given = { maxCallMs, maxWaiting, maxArgs, maxBodyBytes };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}
