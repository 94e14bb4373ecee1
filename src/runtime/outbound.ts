import { type CallContext, type CallEnvelope, type CallReply } from '../protocol/envelope';
import { getCallContext } from './call-context';

/** How calls made from inside a method leave its process, and by when they must be answered. */
export interface Outbound {
  /** Epoch ms: the deadline of the call being served. */
  readonly deadline: number;
  /** Sends a call to another microservice; rejects with a `RemoteError` for carrier failures. */
  call(envelope: CallEnvelope): Promise<CallReply>;
}

// Keyed by the context object that the runtime makes current for the method, so that it goes
// away with the call and needs nothing added to the context or the call-context storage.
const outbound = new WeakMap<CallContext, Outbound>();

/** Makes `carrier` and the deadline available to the method that runs with `context`. */
export function bindOutbound(context: CallContext, carrier: Outbound): void {
  outbound.set(context, carrier);
}

/** The outbound carrier of the call that `context` belongs to, where its server gave one. */
export function outboundOf(context: CallContext): Outbound | undefined {
  return outbound.get(context);
}

/**
 * The deadline (epoch ms) of the remote call being served, inside a method of a microservice that
 * runs as a NATS replica; `undefined` in the embedded placement. Throws outside a remote call.
 *
 * @example
 * const leftMs = (getCallDeadline() ?? Infinity) - Date.now();
 */
export function getCallDeadline(): number | undefined {
  return outbound.get(getCallContext())?.deadline;
}
