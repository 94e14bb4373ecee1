import type { Msg } from 'nats';
import { ERROR_STATUS, type ErrorBody, toErrorBody } from '../errors';
import { traceReplicaCall } from '../observability/replica-tracing';
import { CodecError, decodeEnvelope } from '../protocol/codec';
import { isPromiseLike } from '../protocol/deadline';
import { type CallEnvelope, type CallReply } from '../protocol/envelope';
import { type CallHandler, type CallHandlerParts } from './call-handler-parts';
import { refusalLog } from './refusal-log';
import { REFUSALS } from './refusals';
import { withinLimits } from './replica-limits';
import { type Answered, answeredName, type ReplySender, replyFrame } from './reply-frame';

/**
 * The message handler of a replica: decode, check against the replica's own limits, wait for a
 * slot, run, answer. Every message with a reply subject gets an answer: the reply, an error for a
 * frame it cannot read or a call beyond its limits, 503 `OVERLOADED` when its queue is full, or
 * 500 `REPLY_TOO_LARGE` for a reply that NATS cannot carry. Every answer names the replica (its
 * `replicaId`), so that main servers can count replies by replica.
 */
export function createCallHandler(parts: CallHandlerParts): CallHandler {
  const { runtime, link, limiter, limits, logger, holds } = parts;
  // Set once the drain's grace has ended: every call held has its answer, and none starts.
  let leaving = false;
  const logRefusal = refusalLog(logger);
  const handle = parts.tracing
    ? (envelope: CallEnvelope) => traceReplicaCall(envelope, runtime.handle)
    : runtime.handle;
  const sender: ReplySender = {
    replica: parts.replicaId,
    get maxPayload() {
      return link.maxPayload;
    },
  };

  function answer(msg: Msg, reply: CallReply, what: Answered): void {
    const frame = replyFrame(reply, what, sender);
    try {
      msg.respond(frame);
    } catch (error) {
      logger.warn({ err: error, target: answeredName(what) }, 'the reply could not be sent');
    }
    // After the reply: a ping answer that no longer lists the call comes after it on the wire.
    holds.release(msg);
  }

  function refuse(msg: Msg, error: ErrorBody): void {
    answer(msg, { ok: false, error }, runtime.name);
  }

  /** The call in the frame, within this replica's limits; else answers the error and is undefined. */
  function read(msg: Msg, now: number): CallEnvelope | undefined {
    try {
      return withinLimits(
        decodeEnvelope(msg.data, { maxBytes: link.maxPayload, now }),
        limits,
        now,
      );
    } catch (error) {
      if (error instanceof CodecError) {
        logRefusal(error);
        // The sender wrote what this replica cannot read (another version?): a gateway error.
        refuse(msg, { status: ERROR_STATUS[error.code], code: error.code, message: error.message });
      } else refuse(msg, toErrorBody(error, false));
      return undefined;
    }
  }

  /**
   * Runs the call in its slot. A method that returns a value is answered in the same turn, with no
   * promise: most calls (docs/history/performance-log.md, "Where the hop's instructions go").
   */
  function run(
    msg: Msg,
    envelope: CallEnvelope,
    epoch: number,
    waited: boolean,
  ): void | PromiseLike<void> {
    if (leaving) {
      refuse(msg, REFUSALS.leftWaiting);
      return;
    }
    // A call that did not wait for its slot started in the turn that took it: no stall between.
    if (waited && holds.stalledSince(epoch)) {
      logger.warn(
        { requestId: envelope.context.requestId },
        'a call taken before a stall was not started',
      );
      refuse(msg, REFUSALS.stalled);
      return;
    }
    // Timed only for the debug line.
    const started = logger.isLevelEnabled('debug') ? performance.now() : undefined;
    const reply = handle(envelope);
    if (isPromiseLike(reply)) return reply.then((settled) => done(msg, envelope, settled, started));
    done(msg, envelope, reply, started);
  }

  function done(msg: Msg, envelope: CallEnvelope, reply: CallReply, started?: number): void {
    // Answered REPLICA_LOST as the replica left: a second answer would only be dropped.
    if (leaving && !holds.has(msg)) return;
    answer(msg, reply, envelope);
    if (started !== undefined) {
      const status = reply.ok ? (reply.body === null ? 204 : 200) : reply.error.status;
      const ms = Math.round((performance.now() - started) * 100) / 100;
      logger.debug(
        { requestId: envelope.context.requestId, target: answeredName(envelope), status, ms },
        'call',
      );
    }
  }

  function failed(msg: Msg, error: unknown): void {
    // The runtime answers every error itself; this is a fault of the replica, and the caller
    // must still get an answer rather than wait for its deadline.
    logger.error({ err: error }, 'a call failed in the replica');
    answer(msg, { ok: false, error: toErrorBody(error, false) }, runtime.name);
  }

  const handler = (msg: Msg): void => {
    if (!msg.reply) {
      logger.warn({ subject: msg.subject }, 'a message without a reply subject was ignored');
      return;
    }
    if (leaving) {
      refuse(msg, REFUSALS.leftWaiting);
      return;
    }
    if (limiter.full) {
      refuse(msg, REFUSALS.overloaded);
      return;
    }
    const now = Date.now();
    const envelope = read(msg, now);
    if (!envelope) return;
    if (envelope.takeBy !== undefined && now > envelope.takeBy) {
      logger.warn(
        { requestId: envelope.context.requestId },
        'a call that came too late was not taken',
      );
      refuse(msg, REFUSALS.tooLate);
      return;
    }
    const epoch = holds.take(msg);
    if (logger.isLevelEnabled('debug')) {
      const { service, method } = envelope;
      const waiting = limiter.waiting;
      logger.debug(
        { requestId: envelope.context.requestId, service, method, waiting },
        'call received',
      );
    }
    try {
      const served = limiter.run((waited) => run(msg, envelope, epoch, waited));
      if (served) served.then(undefined, (error: unknown) => failed(msg, error));
    } catch (error) {
      failed(msg, error);
    }
  };
  async function leave() {
    leaving = true;
    const waiting = limiter.waiting;
    // Each one woken refuses itself in run(), in the microtasks before the next macrotask.
    limiter.wakeAll();
    await new Promise((resolve) => setImmediate(resolve));
    const running = holds.list();
    for (const msg of running) refuse(msg, REFUSALS.leftRunning);
    return { waiting, running: running.length };
  }
  return Object.assign(handler, { leave });
}
