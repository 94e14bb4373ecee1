import { createInbox, type Msg, type NatsConnection, type NatsError } from 'nats';

/** Takes a reply's bytes, or the HTTP status of a call that got none. */
export type Done = (reply: Uint8Array | number) => void;

/** Sends `body` to `subject` as a NATS request; `done` gets the reply. */
export type Request = (subject: string, body: Uint8Array, done: Done) => void;

/**
 * NATS request/reply as the `nats` client's own `request` does it, one inbox subscription for
 * every reply and a reply subject per call, less what `request` adds per call: its timer, its
 * promise, and the error objects it makes for stack traces (one per call even when they are
 * off); and, unless `gather` is false (for a caller that gathers them itself), the calls of one
 * turn in one write. No deadline: a reply that never comes holds its HTTP call until the client
 * gives up, which a baseline can afford and a product cannot.
 */
export function replyMux(nc: NatsConnection, { gather = true } = {}): Request {
  const inbox = createInbox();
  const waiting = new Map<string, Done>();
  let next = 0;
  nc.subscribe(`${inbox}.*`, {
    callback: (error: NatsError | null, msg: Msg) => {
      const done = error ? undefined : waiting.get(msg.subject);
      if (!done) return;
      waiting.delete(msg.subject);
      // NATS answers a request that no subscriber takes with an empty 503 status message.
      const status = msg.headers?.hasError ? msg.headers.code : 0;
      done(status === 0 ? msg.data : status === 503 ? 503 : 502);
    },
  });
  // The client writes what was published once per microtask checkpoint, which comes after each
  // socket's callback: the calls of one turn, from HTTP connections of their own, are published
  // together after it so that they go out in one write, as portico's main server does.
  let queued: { subject: string; body: Uint8Array; reply: string }[] = [];
  const flush = () => {
    const outgoing = queued;
    queued = [];
    for (const { subject, body, reply } of outgoing) nc.publish(subject, body, { reply });
  };
  return (subject, body, done) => {
    const reply = `${inbox}.${next++}`;
    waiting.set(reply, done);
    if (!gather) nc.publish(subject, body, { reply });
    else if (queued.push({ subject, body, reply }) === 1) setImmediate(flush);
  };
}
