import { setTimeout as delay } from 'node:timers/promises';
import { type NatsConnection, type Subscription } from 'nats';
import { pingSubject, type ReplicaStatus, WATCH_TIMING } from '../transport/nats/replica-ping';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A replica's answers to the pings of main servers. */
export interface PingAnswers {
  readonly subscription: Subscription;
  /**
   * Resolves once the main servers that watch the replica have heard it, to be called when the
   * subscription is in place (flushed): once it answered a ping and a ping period passed, in
   * which every main server pinged it, or after two periods with no ping at all.
   */
  introduced(): Promise<void>;
}

/**
 * Answers the pings of main servers for the replica on `subject` with its status in JSON. Every
 * replica answers (no queue group). A ping names the main server's inbox (an empty one is a
 * readiness check of an earlier release); `status` is asked for it, to list the calls it holds.
 */
export function answerPings(
  connection: NatsConnection,
  subject: string,
  status: (inbox: string) => ReplicaStatus,
): PingAnswers {
  let firstAnswer = () => {};
  const answered = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const subscription = connection.subscribe(pingSubject(subject), {
    callback: (error, msg) => {
      if (error || !msg.reply) return;
      try {
        msg.respond(encoder.encode(JSON.stringify(status(decoder.decode(msg.data)))));
        firstAnswer();
      } catch {
        // The connection is closing: the pinger sees no answer, which is the truth.
      }
    },
  });
  return {
    subscription,
    async introduced() {
      const since = performance.now();
      const after = (ms: number) => delay(Math.max(0, since + ms - performance.now()));
      const period = WATCH_TIMING.pingEveryMs;
      await Promise.race([answered.then(() => after(period)), after(2 * period)]);
    },
  };
}
