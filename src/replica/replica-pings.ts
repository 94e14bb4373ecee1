import { type NatsConnection, type Subscription } from 'nats';
import { pingSubject, type ReplicaStatus } from '../transport/nats/replica-ping';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Answers the pings of main servers for the replica on `subject` with its status in JSON. Every
 * replica answers (no queue group). A ping names the main server's inbox (an empty one is a
 * readiness check of an earlier release); `status` is asked for it, to list the calls it holds.
 */
export function answerPings(
  connection: NatsConnection,
  subject: string,
  status: (inbox: string) => ReplicaStatus,
): Subscription {
  return connection.subscribe(pingSubject(subject), {
    callback: (error, msg) => {
      if (error || !msg.reply) return;
      try {
        msg.respond(encoder.encode(JSON.stringify(status(decoder.decode(msg.data)))));
      } catch {
        // The connection is closing: the pinger sees no answer, which is the truth.
      }
    },
  });
}
