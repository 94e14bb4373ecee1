import { connect } from 'nats';
import { echoSubject, packParts, unpackParts } from './echo-wire';
import { type Forward, serveForwarding } from './forward-http';
import { type Request, replyMux } from './reply-mux';

/**
 * The most that batching the protocol could buy: `nats-echo.ts`, except that the calls whose
 * bodies arrive in one turn of the event loop go to the responder as ONE NATS message (each body
 * length-prefixed, `echo-wire.ts`) and come back as one. A row of this server bounds from above
 * any design that would pack calls into shared messages (docs/history/performance-log.md,
 * "The carrier's ceiling").
 */
const servers = (process.env.NATS_URL ?? '').split(',');

interface Waiting {
  readonly body: Buffer;
  readonly done: Parameters<Forward>[1];
}

/** The replies of a batch of `count` calls, or `undefined` when the message does not hold them. */
function repliesOf(message: Uint8Array, count: number): Buffer[] | undefined {
  try {
    const replies = unpackParts(message);
    return replies.length === count ? replies : undefined;
  } catch {
    return undefined;
  }
}

/** Forwards bodies in batches: the first of a turn schedules the send, after the turn's I/O. */
function batching(request: Request, subject: string): Forward {
  let waiting: Waiting[] = [];
  const send = () => {
    const batch = waiting;
    waiting = [];
    const fail = (status: number) => {
      for (const call of batch) call.done(status);
    };
    request(subject, packParts(batch.map((call) => call.body)), (reply) => {
      if (typeof reply === 'number') return fail(reply);
      const replies = repliesOf(reply, batch.length);
      if (!replies) return fail(502);
      for (let i = 0; i < batch.length; i++) batch[i]?.done(replies[i] as Buffer);
    });
  };
  return (body, done) => {
    // setImmediate, not a microtask: microtasks run after each socket's callback, so a batch
    // would hold one call; the check phase runs once after every socket read in this turn.
    if (waiting.push({ body, done }) === 1) setImmediate(send);
  };
}

connect({ servers, name: 'nats-echo-batched', noAsyncTraces: true }).then(
  (nc) => {
    const subject = echoSubject(process.env.SUBJECT_PREFIX ?? 'echo', true);
    serveForwarding(batching(replyMux(nc, { gather: false }), subject));
  },
  (error: unknown) => {
    process.stderr.write(`nats-echo-batched: ${error}\n`);
    process.exit(1);
  },
);
