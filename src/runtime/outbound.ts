import { type CallContext, type CallEnvelope, type CallReply } from '../protocol/envelope';
import { getCallContext } from './call-context';

/** How calls made from inside a method leave its process, and by when they must be answered. */
export interface Outbound {
  /** Epoch ms: the deadline of the call being served. */
  readonly deadline: number;
  /** Sends a call to another microservice; rejects with a `RemoteError` for carrier failures. */
  call(envelope: CallEnvelope): Promise<CallReply>;
}

/** Returns the object it is given: a subclass's private fields are then added to that object. */
class Stamp {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: returning the target is what the class is for
    return target;
  }
}

/**
 * The carrier of a call, held in a private field of the context object that the runtime makes
 * current for the method: it goes away with the call, and nothing is added to the context that a
 * method could see, spread or serialize. A WeakMap keyed by the context did the same, at about
 * half a microsecond per call in a replica (a new entry per call, swept by every garbage
 * collection); the field costs a few nanoseconds.
 */
class OutboundSlot extends Stamp {
  #carrier: Outbound;

  private constructor(context: CallContext, carrier: Outbound) {
    super(context);
    this.#carrier = carrier;
  }

  static attach(context: CallContext, carrier: Outbound): void {
    if (#carrier in context) (context as OutboundSlot).#carrier = carrier;
    else if (Object.isExtensible(context)) new OutboundSlot(context, carrier);
    else frozen.set(context, carrier);
  }

  static find(context: CallContext): Outbound | undefined {
    return #carrier in context ? (context as OutboundSlot).#carrier : frozen.get(context);
  }
}

// A context that takes no new fields (frozen by whoever made it) is looked up here instead.
const frozen = new WeakMap<CallContext, Outbound>();

/** Makes `carrier` and the deadline available to the method that runs with `context`. */
export function bindOutbound(context: CallContext, carrier: Outbound): void {
  OutboundSlot.attach(context, carrier);
}

/** The outbound carrier of the call that `context` belongs to, where its server gave one. */
export function outboundOf(context: CallContext): Outbound | undefined {
  return OutboundSlot.find(context);
}

/**
 * The deadline (epoch ms) of the remote call being served, inside a method of a microservice that
 * runs as a NATS replica; `undefined` in the embedded placement. Throws outside a remote call.
 *
 * @example
 * const leftMs = (getCallDeadline() ?? Infinity) - Date.now();
 */
export function getCallDeadline(): number | undefined {
  return outboundOf(getCallContext())?.deadline;
}
