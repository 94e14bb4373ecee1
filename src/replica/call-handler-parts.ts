import type { Msg } from 'nats';
import type { Logger } from 'pino';
import { type MicroserviceRuntime } from '../runtime/runtime';
import { type NatsLink } from '../transport/nats/nats-connection';
import { type CallHolds } from './call-holds';
import { type Limiter } from './limiter';
import { type ReplicaLimits } from './replica-limits';

/** What a replica's message handler works with. */
export interface CallHandlerParts {
  readonly runtime: MicroserviceRuntime;
  readonly link: NatsLink;
  readonly limiter: Limiter;
  readonly limits: ReplicaLimits;
  readonly logger: Logger;
  /** The id that every reply frame names the replica with (see `isReplicaId`). */
  readonly replicaId: string;
  /** The calls held, which ping answers report, and the replica's stall clock. */
  readonly holds: CallHolds<Msg>;
  /** Serve each call in a span, the child of the entry point's (src/observability/replica-tracing.ts). */
  readonly tracing?: boolean;
}

/** A replica's message handler, and its way out when the drain's grace ends. */
export type CallHandler = ((msg: Msg) => void) & {
  /**
   * Answers every call held and takes no more: NOT_ACKNOWLEDGED ("did not run") to those waiting
   * for a slot, REPLICA_LOST ("may have run") to those running, whose answers are then dropped.
   * Resolves with how many of each, once their answers are handed to the connection.
   */
  leave(): Promise<{ waiting: number; running: number }>;
};
