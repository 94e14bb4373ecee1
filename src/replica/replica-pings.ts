import { type NatsConnection, type Subscription } from 'nats';
import { pingSubject, type ReplicaStatus } from '../transport/nats/replica-ping';

const encoder = new TextEncoder();

/**
 * Answers the pings of main servers' readiness checks for the replica on `subject` with its
 * status in JSON. Every replica answers (no queue group); one that drains stops answering first.
 */
export function answerPings(
  connection: NatsConnection,
  subject: string,
  status: () => ReplicaStatus,
): Subscription {
  return connection.subscribe(pingSubject(subject), {
    callback: (error, msg) => {
      if (error || !msg.reply) return;
      try {
        msg.respond(encoder.encode(JSON.stringify(status())));
      } catch {
        // The connection is closing: the pinger sees no answer, which is the truth.
      }
    },
  });
}
