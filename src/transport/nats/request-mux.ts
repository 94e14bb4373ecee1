import { createInbox, type Msg, type NatsConnection, type NatsError } from 'nats';

/** Why a request got no reply: no replica listens, its time ran out, or the mux was closed. */
export class NoReplyError extends Error {
  constructor(
    readonly reason: 'no-responders' | 'timeout' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'NoReplyError';
  }
}

/** Requests with one reply each, over one connection. */
export interface RequestMux {
  /** Publishes `data` on `subject` and resolves with the data of the first reply. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  /** Stops listening for replies; calls still waiting are rejected as `closed`. */
  close(): void;
}

interface Waiting {
  readonly resolve: (data: Uint8Array) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface Outgoing {
  readonly subject: string;
  readonly data: Uint8Array;
  /** The reply subject, which is also the key of the call in `waiting`. */
  readonly token: string;
}

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
 * own; together about half of a call's CPU at the main server.
 */
export function createRequestMux(connection: NatsConnection, inboxPrefix?: string): RequestMux {
  const inbox = createInbox(inboxPrefix);
  const waiting = new Map<string, Waiting>();
  let queue: Outgoing[] = [];
  let counter = 0;

  const subscription = connection.subscribe(`${inbox}.>`, {
    callback: (error: NatsError | null, msg: Msg) => {
      if (error) {
        failAll(error);
        return;
      }
      const entry = take(msg.subject);
      if (!entry) return;
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

  function take(token: string): Waiting | undefined {
    const entry = waiting.get(token);
    if (entry) {
      waiting.delete(token);
      clearTimeout(entry.timer);
    }
    return entry;
  }

  function failAll(error: Error): void {
    for (const token of [...waiting.keys()]) take(token)?.reject(error);
    queue = [];
  }

  function expire(token: string, timeoutMs: number): void {
    take(token)?.reject(new NoReplyError('timeout', `no reply within ${timeoutMs} ms`));
  }

  function publishQueued(): void {
    const outgoing = queue;
    queue = [];
    for (const { subject, data, token } of outgoing) {
      if (!waiting.has(token)) continue;
      try {
        connection.publish(subject, data, { reply: token });
      } catch (error) {
        take(token)?.reject(error as Error);
      }
    }
  }

  return {
    request(subject, data, timeoutMs) {
      return new Promise((resolve, reject) => {
        if (subscription.isClosed()) {
          reject(new NoReplyError('closed', 'the reply subscription was closed'));
          return;
        }
        const token = `${inbox}.${subject}.${(counter++).toString(36)}`;
        const timer = setTimeout(expire, timeoutMs, token, timeoutMs);
        waiting.set(token, { resolve, reject, timer });
        if (queue.length === 0) setImmediate(publishQueued);
        queue.push({ subject, data, token });
      });
    },
    close() {
      subscription.unsubscribe();
      failAll(new NoReplyError('closed', 'the reply subscription was closed'));
    },
  };
}
