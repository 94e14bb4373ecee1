import { createInbox, type Msg, type NatsConnection, type NatsError } from 'nats';
import { EndedRequests } from './ended-requests';
import { expiryClock } from './expiry-clock';
import { NoReplyError } from './no-reply-error';
import { OutgoingBatch } from './outgoing-batch';
import { type PendingRequest, Waiting } from './pending-request';
import { ReplySubjects } from './reply-subjects';

/** Requests with one reply each, over one connection. */
export interface RequestMux {
  /** The prefix of every reply subject: `${inbox}.${subject}.${n}`. */
  readonly inbox: string;
  /**
   * Publishes `data` on `subject` (or on `to`, one replica's own subject, as a request on
   * `subject` all the same) and resolves with the data of the first reply.
   */
  request(subject: string, data: Uint8Array, timeoutMs: number, to?: string): Promise<Uint8Array>;
  /** The requests waiting for a reply, by number (the last part of the reply subject). */
  readonly pending: ReadonlyMap<number, PendingRequest>;
  /**
   * The next place in the order of messages published on the connection: a message stamped
   * before it is published comes after every request already sent, and before those to come.
   */
  stamp(): number;
  /** Rejects the request of number `id`; a reply that still comes is a late one. */
  fail(id: number, error: Error): void;
  /** Calls `late` for every reply to `subject` that comes after its request ended. */
  onLateReply(subject: string, late: () => void): void;
  /** Stops listening for replies; calls still waiting are rejected as `closed`. */
  close(): void;
}

/** The data of a request once published: the mux keeps no frame past its write. */
const SENT = new Uint8Array(0);

/**
 * Request and reply as a main server needs them: every reply comes to one subscription on an inbox
 * and finds its caller by its whole subject, and the requests of one turn of the event loop are
 * published together, so that NATS gets them in one write. The inbox is under `inboxPrefix`
 * (default `_INBOX`), and a reply subject names the request's subject,
 * `<inboxPrefix>.<id>.<subject>.<n>`: NATS permissions can then let the replicas of one
 * microservice answer its calls alone, from any server of a cluster (see SECURITY.md).
 *
 * The client's own `request()` costs a timer, a deferred and an Error (for a cancellation nobody
 * sees) per call, and each call that comes from its own HTTP connection goes out in a write of its
 * own; together about half of a call's CPU at the main server. Here the timeouts of all requests
 * share one timer ({@link expiryClock}), which finds those it ends by their deadlines.
 */
export function createRequestMux(connection: NatsConnection, inboxPrefix?: string): RequestMux {
  const inbox = createInbox(inboxPrefix);
  // By number, not by reply subject: a string key of 50 characters is hashed when stored, hashed
  // again from the reply's subject, and compared in full with each key of its bucket.
  const waiting = new Map<number, Waiting>();
  const ended = new EndedRequests();
  const batch = new OutgoingBatch<Waiting>(publish);
  const replies = new ReplySubjects(inbox);
  const clock = expiryClock(expire);
  let counter = 0;
  let sequence = 0;

  const subscription = connection.subscribe(`${inbox}.>`, {
    callback: (error: NatsError | null, msg: Msg) => {
      if (error) {
        failAll(error);
        return;
      }
      const entry = take(ReplySubjects.number(msg.subject), msg.subject);
      if (!entry) {
        ended.late(msg.subject);
        return;
      }
      // NATS answers a request that no subscriber takes with an empty 503 status message.
      if (msg.data.length === 0 && msg.headers?.code === 503) {
        entry.reject(new NoReplyError('no-responders', `no subscriber on ${msg.subject}`));
      } else entry.resolve(msg.data);
    },
  });
  subscription.closed.then(
    () => failAll(new NoReplyError('closed', 'the reply subscription was closed')),
    (error: unknown) => failAll(error instanceof Error ? error : new Error(String(error))),
  );

  /** The request of number `id`, taken out of the mux; only its own reply subject, when given. */
  function take(id: number, token?: string): Waiting | undefined {
    const entry = waiting.get(id);
    // A reply to another subject that ends in this number is not this request's (SECURITY.md).
    if (!entry || (token !== undefined && token !== entry.token)) return undefined;
    waiting.delete(id);
    clock.delete(id, entry.expiresAt);
    return entry;
  }

  function failAll(error: Error): void {
    clock.clear();
    batch.clear();
    for (const id of [...waiting.keys()]) take(id)?.reject(error);
  }

  function fail(id: number, error: Error): void {
    const entry = take(id);
    if (!entry) return;
    ended.end(entry.token, entry.subject);
    entry.reject(error);
  }

  function expire(id: number): void {
    const timeoutMs = waiting.get(id)?.timeoutMs;
    fail(id, new NoReplyError('timeout', `no reply within ${timeoutMs} ms`));
  }

  function publish(entry: Waiting): void {
    const { to, data, token, id } = entry;
    entry.data = SENT;
    // Ended before its turn came (timed out, failed, or the mux closed): nothing to send.
    if (waiting.get(id) !== entry) return;
    entry.seq = ++sequence;
    try {
      connection.publish(to, data, { reply: token });
    } catch (error) {
      take(id)?.reject(error as Error);
    }
  }

  return {
    inbox,
    pending: waiting,
    stamp: () => ++sequence,
    fail,
    onLateReply: (subject, late) => ended.listen(subject, late),
    request(subject, data, timeoutMs, to) {
      return new Promise((resolve, reject) => {
        if (subscription.isClosed()) {
          reject(new NoReplyError('closed', 'the reply subscription was closed'));
          return;
        }
        const id = counter++;
        const token = replies.of(subject, id);
        const sentAt = Date.now();
        const expiresAt = sentAt + timeoutMs;
        const entry = new Waiting(
          id,
          subject,
          to ?? subject,
          data,
          token,
          sentAt,
          expiresAt,
          timeoutMs,
          resolve,
          reject,
        );
        waiting.set(id, entry);
        clock.add(id, expiresAt);
        batch.add(entry);
      });
    },
    close() {
      subscription.unsubscribe();
      failAll(new NoReplyError('closed', 'the reply subscription was closed'));
    },
  };
}
