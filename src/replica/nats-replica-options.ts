import type { Logger } from 'pino';
import { type NatsConnectionOptions } from '../transport/nats/nats-options';
import { type ReplicaLimits } from './replica-limits';

/** Calls one replica runs at once unless told otherwise. */
export const DEFAULT_CONCURRENCY = 64;

/**
 * Options of `startNatsReplica`: the connection, and the replica's own limits (see
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

/** The replica limits given in `options`, without those left to their defaults. */
export function replicaLimitsOf(options: NatsReplicaOptions): Partial<ReplicaLimits> {
  const { maxCallMs, maxWaiting, maxArgs, maxBodyBytes } = options;
  const given = { maxCallMs, maxWaiting, maxArgs, maxBodyBytes };
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
}
