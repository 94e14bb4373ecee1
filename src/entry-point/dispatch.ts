import type { Logger } from 'pino';
import { isRemoteError, RemoteError } from '../errors';
import { isPromiseLike, raceDeadline } from '../protocol/deadline';
import { type CallEnvelope, type CallReply, type Transport } from '../protocol/envelope';
import { claimedHeaders } from './call-envelope';
import { type CallSlots } from './call-slots';
import { type PermissionRequest, type PermissionResolver } from './config';

/** The way to a native microservice: its transport, and the slots that cap its calls in flight. */
export interface CallRoute {
  readonly transport: Transport;
  readonly slots: CallSlots;
}

/** What {@link createDispatch} needs. */
export interface DispatchOptions {
  /** How long a call may take before its caller gets the 504 reply. */
  readonly callTimeoutMs: number;
  /** Decides `privileged` for each call; without one, no call is privileged. */
  readonly resolver: PermissionResolver | undefined;
  readonly logger: Logger;
}

/** The context headers that the permission resolver is shown, as `PermissionRequest['headers']`. */
export type ClaimedHeaders = PermissionRequest['headers'];

/**
 * Sends one envelope along its route and answers with the reply: at once when the transport
 * answered synchronously, else when the reply comes or the call timeout passes, whichever is
 * first (a transport that `keepsDeadline` answers at the timeout itself). Throws `OVERLOADED` when the route has no free slot, and a carrier's own failure as 503.
 */
export type Dispatch = (route: CallRoute, envelope: CallEnvelope) => CallReply | Promise<CallReply>;

/**
 * Creates the dispatch of an entry point. It owns the call slots, the permission resolver and
 * the one deadline race: a call's slot is taken before it is sent and given back when its reply
 * comes or its deadline passes, so a method that never returns holds a slot only until its
 * caller got the 504.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const { callTimeoutMs, resolver, logger } = options;
  const deadlineReply: CallReply = {
    ok: false,
    error: {
      status: 504,
      code: 'DEADLINE_EXCEEDED',
      message: `the call took longer than ${callTimeoutMs} ms`,
    },
  };
  const expired = () => deadlineReply;

  /** A carrier's own failure as the caller sees it: 503, unless it is already a remote error. */
  function carrierFailure(error: unknown): unknown {
    if (isRemoteError(error)) return error;
    logger.warn({ err: error }, 'a carrier failed');
    return new RemoteError('SERVICE_UNAVAILABLE', 'the microservice is not reachable', {
      cause: error,
    });
  }

  /** With a permission resolver: asks it whether the call is privileged, then sends it. */
  const askThenCall =
    resolver &&
    (async (transport: Transport, envelope: CallEnvelope) => {
      const { microservice, service, method, context } = envelope;
      let granted: boolean;
      try {
        // Read back from the context, which holds them already: no object for calls without it.
        const request = {
          privilegeNames: context.privilegeNames,
          headers: claimedHeaders(context),
        };
        granted = (await resolver({ ...request, microservice, service, method })) === true;
      } catch (error) {
        logger.error(
          { err: error, requestId: context.requestId },
          'the permission resolver failed',
        );
        throw new RemoteError('INTERNAL_ERROR', 'the permission resolver failed', { cause: error });
      }
      if (!granted) return transport.call(envelope);
      return transport.call({ ...envelope, context: { ...context, privileged: true } });
    });

  return function dispatch(route, envelope) {
    const { transport, slots } = route;
    slots.take();
    let sent: CallReply | PromiseLike<CallReply>;
    try {
      sent = askThenCall ? askThenCall(transport, envelope) : transport.call(envelope);
    } catch (error) {
      slots.release();
      throw carrierFailure(error);
    }
    if (!isPromiseLike(sent)) {
      slots.release();
      return sent;
    }
    // The carrier answers by the deadline itself: no second timer per call
    // (docs/history/performance-log.md, "Beyond the instructions").
    if (transport.keepsDeadline && !askThenCall) {
      return Promise.resolve(sent).then(
        (reply) => {
          slots.release();
          return reply;
        },
        (error: unknown) => {
          slots.release();
          throw carrierFailure(error);
        },
      );
    }
    return raceDeadline(sent, {
      ms: callTimeoutMs,
      expired,
      settled: () => slots.release(),
      failed: carrierFailure,
    });
  };
}
