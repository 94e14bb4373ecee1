import { type CallContext, type CallEnvelope, ENVELOPE_VERSION } from '../protocol/envelope';
import { getCallContext } from '../runtime/call-context';
import { type Outbound, outboundOf } from '../runtime/outbound';
import { type CallOptions, createRemoteProxy } from './remote-proxy';
import { type Client, type DatePathTable, type DatesOption } from './types';
import {
  apiIdFor,
  argumentText,
  CLIENT_SEQUENCE,
  errorOf,
  readResult,
  withRequestId,
} from './wire';

/** Options of {@link createNatsClient}. */
export interface NatsClientOptions {
  readonly microservice: string;
  readonly service: string;
  /** The longest wait for an answer, in ms; the caller's own deadline caps it anyway. */
  readonly timeoutMs?: number;
  /**
   * Passes the caller's `privileged` status on to the callee. Off by default: a call is
   * privileged only where the main server's permission resolver said so, not by being relayed.
   */
  readonly keepPrivileged?: boolean;
}

/**
 * A typed client of a service of another microservice, for use inside a service method of a
 * replica: each call goes straight over the replica's NATS connection, carries the caller's call
 * context (not its privilege) and at most what is left of its deadline.
 *
 * @example
 * const multiplier = createNatsClient<MultiplierService>({ microservice: 'calc', service: 'multiplier' });
 * // inside a method:
 * const product = await multiplier.mulOne(6, 7);
 */
export function createNatsClient<S>(options: NatsClientOptions & DatesOption<S>): Client<S> {
  const dates = options.dates as DatePathTable | undefined;
  const defaults: CallOptions =
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  return createRemoteProxy<Client<S>>(async (method, args, call) => {
    const context = getCallContext();
    const carrier = outboundOf(context);
    if (!carrier) {
      throw new TypeError(
        'portico: createNatsClient calls work inside a method of a microservice served by a NATS replica',
      );
    }
    const envelope: CallEnvelope = {
      version: ENVELOPE_VERSION,
      microservice: options.microservice,
      service: options.service,
      method,
      apiId: apiIdFor(args),
      sequenceName: CLIENT_SEQUENCE,
      args: args.map(argumentText),
      context: passOn(context, options.keepPrivileged === true, call),
      deadline: deadlineOf(carrier, call),
    };
    const reply = await send(carrier, envelope, call.signal);
    const requestId = envelope.context.requestId;
    if (!reply.ok) throw errorOf(reply.error, requestId);
    const paths = dates?.[method];
    return readResult(reply.body, paths && Object.keys(paths));
  }, defaults);
}

/**
 * The callee's context: every field of the caller's, so that fields added to the context later
 * travel too, with `privileged` off unless kept on purpose.
 */
function passOn(context: CallContext, keepPrivileged: boolean, call: CallOptions): CallContext {
  const privileged = keepPrivileged && context.privileged;
  const requestId = call.requestId ?? context.requestId;
  return { ...context, requestId, privileged };
}

function deadlineOf(carrier: Outbound, call: CallOptions): number {
  const own = call.timeoutMs === undefined ? Infinity : Date.now() + call.timeoutMs;
  return Math.min(carrier.deadline, own);
}

async function send(carrier: Outbound, envelope: CallEnvelope, signal: AbortSignal | undefined) {
  signal?.throwIfAborted();
  const pending = carrier.call(envelope).catch((error: unknown) => {
    throw withRequestId(error, envelope.context.requestId);
  });
  if (!signal) return pending;
  return new Promise<Awaited<typeof pending>>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
