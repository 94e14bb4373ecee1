import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Msg } from 'nats';
import pino from 'pino';
import { type NativeAppDefinition } from '../microservices';
import { LIMIT_DEFAULTS } from '../protocol/limit-defaults';
import { createMicroserviceRuntime } from '../runtime/runtime';
import { connectNats, natsSubject } from '../transport/nats/nats-connection';
import { replicaKey } from '../transport/nats/replica-ping';
import { createCallHandler } from './call-handler';
import { createCallHolds } from './call-holds';
import { type CallSubscriptions, drainOpen, subscribeCalls } from './call-subscriptions';
import { createLimiter } from './limiter';
import {
  DEFAULT_CONCURRENCY,
  type NatsReplicaOptions,
  replicaLimitsOf,
} from './nats-replica-options';
import { resolveReplicaId } from './replica-id';
import { resolveReplicaLimits } from './replica-limits';
import { answerPings } from './replica-pings';
import { withOutbound } from './with-outbound';

/** How long a replica that leaves waits for its last answers to reach NATS. */
const LEAVE_FLUSH_MS = 1_000;

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
  /**
   * Leaves now, when a drain outlasts its grace: answers the calls still held (those waiting for
   * a slot did not run, those running may have), then disconnects. Resolves with how many.
   */
  leave(): Promise<{ waiting: number; running: number }>;
  /** Disconnects at once; calls in flight get no answer. */
  close(): Promise<void>;
}

/**
 * Starts a replica of a native microservice on NATS: connects, subscribes to `${prefix}.${name}`
 * in the queue group of the same name and to its own subject, and serves each call with the
 * microservice runtime, at most `concurrency` at once, until drained.
 */
export async function startNatsReplica(
  definition: NativeAppDefinition,
  options: NatsReplicaOptions,
): Promise<NatsReplica> {
  const microservice = options.name ?? definition.name;
  const subject = natsSubject(options.subjectPrefix, microservice);
  const replicaId = resolveReplicaId(options.replicaId);
  // Tells this process from another given the same id (docs/faults.md).
  const instance = randomBytes(4).toString('hex');
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
  const limits = resolveReplicaLimits(replicaLimitsOf(options));
  const limiter = createLimiter(concurrency, limits.maxWaiting);
  const link = await connectNats({
    ...options,
    name: `portico replica ${microservice} ${replicaId}`,
    logger,
  });
  const tracing = options.tracing ?? false;
  const holds = createCallHolds<Msg>();
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
    instance,
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
  const own = replicaKey({ replica: replicaId, instance });
  calls = subscribeCalls(link.connection, subject, own, { serve, logger });
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
        // go on until the last call is answered, so that main servers do not count it lost. Its
        // subscriptions end once main servers steer no call to it: in a cluster of NATS nodes,
        // the end of a subscription reaches the others after a while, and a call steered to it
        // meanwhile would be lost, not refused as "no responders" (docs/faults.md).
        await pings.leaving();
        await calls?.drain();
        logger.info({ inFlight: limiter.active + limiter.waiting }, 'stopped taking calls');
        await limiter.idle();
        await drainOpen(pings.subscription);
        holds.stop();
        await link.connection.drain();
      })();
      return draining;
    },
    async leave() {
      const left = await serve.leave();
      holds.stop();
      // Each answer out before the connection ends; a connection that is down takes no wait.
      await Promise.race([
        link.connection.flush(),
        delay(LEAVE_FLUSH_MS, undefined, { ref: false }),
      ]);
      await link.connection.close();
      return left;
    },
    close: () => {
      holds.stop();
      return link.connection.close();
    },
  };
}
