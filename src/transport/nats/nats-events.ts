import { type NatsConnection } from 'nats';
import { type NatsFault } from '../../observability/nats-fault-kind';

export type { NatsFault } from '../../observability/nats-fault-kind';

/** What the NATS carrier of a main server reports, for its metrics. */
export interface NatsEvents {
  /**
   * A replica of `microservice` replied; `replica` is the id its reply named, `undefined` when it
   * named none (a replica of an earlier release) or the reply could not be read.
   */
  reply(microservice: string, replica: string | undefined): void;
  /** A call of `microservice` got no reply: no replica listens, or none answered in time. */
  noReply(microservice: string, reason: 'no-responders' | 'timeout'): void;
  /** Something went wrong with a call of `microservice` beyond its own reply (docs/faults.md). */
  fault(microservice: string, kind: NatsFault): void;
  /** The connection to `servers` was restored after a loss. */
  reconnect(servers: string): void;
}

/** Reports each reconnection of `connection` until it closes. */
export async function reportReconnects(
  connection: NatsConnection,
  servers: string,
  events: NatsEvents,
): Promise<void> {
  // One reconnection per loss: after refused attempts the client reports one for each of them.
  let down = false;
  for await (const status of connection.status()) {
    if (status.type === 'disconnect') down = true;
    else if (status.type === 'reconnect' && down) {
      down = false;
      events.reconnect(servers);
    }
  }
}
