import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { replicaSubject } from '../transport/nats/replica-ping';

/** The subscriptions on which a replica takes calls. */
export interface CallSubscriptions {
  /** Whether it takes calls on its own subject: main servers steer calls to it only then. */
  readonly steerable: boolean;
  /** Stops taking calls on both; the calls already read go on. */
  drain(): Promise<void>;
}

/**
 * Subscribes a replica to its microservice's `subject` in the queue group of the same name, and
 * to its own {@link replicaSubject} of its `key` (in that group as well), on which main servers send it the
 * calls they steer to it (docs/faults.md); `serve` takes the calls of both.
 */
export function subscribeCalls(
  connection: NatsConnection,
  subject: string,
  key: string,
  parts: { readonly serve: (msg: Msg) => void; readonly logger: Logger },
): CallSubscriptions {
  const { serve, logger } = parts;
  const callback = (error: Error | null, msg: Msg) => {
    if (error) logger.warn({ err: error }, 'subscription error');
    else serve(msg);
  };
  const queue = connection.subscribe(subject, { queue: subject, callback });
  // In the queue group too, which NATS permissions can demand (SECURITY.md): another credential
  // of the microservice could then share this replica's calls, not read copies. A server whose
  // permissions refuse it ends the subscription, and the replica's pings say so.
  const own = connection.subscribe(replicaSubject(subject, key), {
    queue: subject,
    callback,
  });
  return {
    get steerable() {
      return !own.isClosed();
    },
    drain: () => Promise.all([drainOpen(queue), drainOpen(own)]).then(() => undefined),
  };
}

/** Drains a subscription unless NATS already ended it (a refused one): draining that would throw. */
export async function drainOpen(subscription: Subscription): Promise<void> {
  if (!subscription.isClosed()) await subscription.drain();
}
