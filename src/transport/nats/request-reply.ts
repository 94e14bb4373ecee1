import { frameworkError, RETRY_AFTER, RemoteError } from '../../errors';
import { CodecError, decodeReply, encodeCall } from '../../protocol/codec';
import { type CallEnvelope, type FramedReply } from '../../protocol/envelope';
import { carrierError, deadlinePassed, natsDown, tooLarge, unavailable } from './hop-errors';
import { type NatsLink } from './nats-connection';
import { type NatsEvents } from './nats-events';
import { NoReplyError } from './no-reply-error';
import { type Closed } from './replica-book';
import { WATCH_TIMING } from './replica-ping';
import { type ReplicaSteer } from './replica-steer';

/** Where the calls of one transport go: made once per transport, not per call. */
export interface ReplyHop {
  readonly link: NatsLink;
  /** The microservice's subject, which its replicas answer on as a queue group. */
  readonly subject: string;
  /** Told of every reply (with the replica that sent it) and of every call without one. */
  readonly events?: NatsEvents | undefined;
  /** Whether a method is declared idempotent: only those are sent again after a fault. */
  readonly idempotent?: ((service: string, method: string) => boolean) | undefined;
  /**
   * Told of each METHOD_NOT_FOUND reply, with the replica that sent it: a replica of an earlier
   * version of the microservice may not have a method that the main server serves.
   */
  readonly missing?: ((replica: string | undefined, envelope: CallEnvelope) => void) | undefined;
  /** The replica to send each call to; without it, or while it names none, the queue group. */
  readonly steer?: ReplicaSteer | undefined;
}

/** Answers after which an idempotent call is sent once more: it did not run, or its replica died. */
const RETRIED = new Set(['REPLICA_LOST', 'NOT_ACKNOWLEDGED', 'SERVICE_UNAVAILABLE']);

/**
 * Sends one call to the replica in turn (or to the queue group on the hop's subject) and decodes the reply, with the id of
 * the replica that sent it. Every failure of the hop becomes the caller's answer: 413 when the
 * call does not fit, 503 with `Retry-After` when NATS or every replica is away or a replica's
 * queue is full, 504 when the deadline passes, 502 when the reply cannot be read (a replica id
 * that breaks the rule included).
 */
export function requestReply(hop: ReplyHop, envelope: CallEnvelope): Promise<FramedReply> {
  // One async function on the path of a call that is sent once: each layer costs a promise.
  if (!hop.idempotent?.(envelope.service, envelope.method)) return requestOnce(hop, envelope, true);
  return sendTwice(hop, envelope).catch((error: unknown) => {
    if (isRefusal(error)) hop.events?.fault(envelope.microservice, 'cancel');
    throw error;
  });
}

/** Only a replica's refusal says this (docs/faults.md): it read the call too late to take it. */
function isRefusal(error: unknown): boolean {
  return error instanceof RemoteError && error.code === 'NOT_ACKNOWLEDGED';
}

async function sendTwice(hop: ReplyHop, envelope: CallEnvelope): Promise<FramedReply> {
  let first: FramedReply;
  try {
    first = await requestOnce(hop, envelope, false);
  } catch (error) {
    if (!(error instanceof RemoteError && RETRIED.has(error.code))) throw error;
    hop.events?.fault(envelope.microservice, 'retry');
    let again: FramedReply;
    try {
      again = await requestOnce(hop, envelope, false);
    } catch (second) {
      // The first send may have run: an answer that says the second did not, says it of that one.
      const notRun = second instanceof RemoteError && NOT_RUN.has(second.code);
      throw error.code === 'REPLICA_LOST' && notRun ? error : second;
    }
    // So does a replica of an earlier version without the method: it did not run the second send.
    if (!again.ok && again.error.code === 'METHOD_NOT_FOUND' && error.code === 'REPLICA_LOST')
      throw error;
    return again;
  }
  // A replica of an earlier version, without the method (docs/scaling-out.md): another may have it.
  if (first.ok || first.error.code !== 'METHOD_NOT_FOUND') return first;
  hop.events?.fault(envelope.microservice, 'retry');
  return requestOnce(hop, envelope, false);
}

/** Why no call is sent while no replica can take it (docs/faults.md). */
const CLOSED = {
  draining: (microservice: string) => `every replica of ${microservice} drains`,
  left: (microservice: string) => `every replica of ${microservice} has left: none is running`,
  lost: (microservice: string) => `no replica of ${microservice} answers its pings`,
} as const satisfies Record<Closed, (microservice: string) => string>;

/** Answers that promise the call did not run (docs/faults.md). */
const NOT_RUN = new Set(['NOT_ACKNOWLEDGED', 'SERVICE_UNAVAILABLE', 'OVERLOADED']);

/** Sends the call once; `countRefusal`: a replica's refusal is counted as a cancel here. */
async function requestOnce(
  hop: ReplyHop,
  envelope: CallEnvelope,
  countRefusal: boolean,
): Promise<FramedReply> {
  const { link, subject, events } = hop;
  const { microservice } = envelope;
  if (!link.connected) throw natsDown();
  const now = Date.now();
  const frame = encodeCall(envelope, now, now + WATCH_TIMING.takeWithinMs);
  if (frame.length > link.maxPayload) throw tooLarge(frame.length, link.maxPayload);
  const timeout = envelope.deadline - now;
  if (timeout < 1) throw deadlinePassed();
  const closed = hop.steer?.closed();
  if (closed) throw unavailable(CLOSED[closed](microservice));
  const to = hop.steer?.next();
  let answer: Uint8Array;
  try {
    try {
      answer = await link.request(subject, frame, timeout, to);
    } catch (error) {
      // No subscriber on the replica's own subject (it died or drains): it never got the call.
      if (to === undefined || !(error instanceof NoReplyError && error.reason === 'no-responders'))
        throw error;
      hop.steer?.skip(to);
      answer = await link.request(subject, frame, Math.max(1, envelope.deadline - Date.now()));
    }
  } catch (error) {
    if (events && error instanceof NoReplyError && error.reason !== 'closed') {
      events.noReply(microservice, error.reason);
    }
    throw carrierError(error, microservice, link.maxPayload);
  }
  let reply: FramedReply;
  try {
    reply = decodeReply(answer, { maxBytes: link.maxPayload });
  } catch (error) {
    // A reply came, but nothing in it, its sender's id included, can be trusted.
    events?.reply(microservice, undefined);
    if (!(error instanceof CodecError)) throw error;
    const message = `the reply of ${microservice} was refused: ${error.message}`;
    throw frameworkError('BAD_REPLY', message, { cause: error });
  }
  events?.reply(microservice, reply.replica);
  if (!reply.ok && reply.error.code === 'METHOD_NOT_FOUND') hop.missing?.(reply.replica, envelope);
  // A replica whose queue is full: the caller may retry, as with the main server's own cap.
  if (!reply.ok && reply.error.code === 'OVERLOADED' && reply.error.status === 503) {
    throw frameworkError('OVERLOADED', reply.error.message, { headers: RETRY_AFTER });
  }
  // A replica that did not start the call (docs/faults.md): an idempotent call is sent again.
  if (
    !reply.ok &&
    (reply.error.code === 'NOT_ACKNOWLEDGED' || reply.error.code === 'REPLICA_LOST')
  ) {
    // A replica that left at the end of its drain grace says REPLICA_LOST itself: counted as the
    // watch counts its own (docs/operating.md), whether the call is sent again or not.
    if (reply.error.code === 'REPLICA_LOST') events?.fault(microservice, 'replica-lost');
    else if (countRefusal) events?.fault(microservice, 'cancel');
    throw frameworkError(reply.error.code, reply.error.message);
  }
  return reply;
}
