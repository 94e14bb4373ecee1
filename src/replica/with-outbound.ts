import { withActiveTrace } from '../observability/replica-tracing';
import { type CallEnvelope } from '../protocol/envelope';
import { bindOutbound } from '../runtime/outbound';
import { type MicroserviceRuntime } from '../runtime/runtime';
import { type NatsLink, natsSubject } from '../transport/nats/nats-connection';
import { requestReply } from '../transport/nats/request-reply';

/** How a replica's methods reach other microservices. */
export interface OutboundOptions {
  /** The replica's own connection. */
  readonly link: NatsLink;
  /** The subject prefix of the replica, which the callees share. */
  readonly subjectPrefix: string | undefined;
  /**
   * Whether the replica traces its calls: then each onward call carries the trace context of the
   * span active where it is made (the replica's span, or one the method opened), so that the
   * callee's span is its child. Off, the caller's trace context travels as it came, at no cost.
   */
  readonly tracing: boolean;
}

/**
 * The runtime of a replica, with each call's methods able to call other microservices over the
 * replica's own connection (`createNatsClient`), on the same subject prefix, within the call's
 * deadline: the envelope's context is bound to the carrier and the deadline before the call runs.
 */
export function withOutbound(
  runtime: MicroserviceRuntime,
  options: OutboundOptions,
): MicroserviceRuntime {
  const { link, subjectPrefix } = options;
  const send = (envelope: CallEnvelope) =>
    requestReply({ link, subject: natsSubject(subjectPrefix, envelope.microservice) }, envelope);
  // The carrier is called from the method's own code, in its asynchronous context: the active
  // context there is the method's.
  const call = options.tracing ? (envelope: CallEnvelope) => send(withActiveTrace(envelope)) : send;
  return {
    name: runtime.name,
    services: runtime.services,
    handle(envelope) {
      bindOutbound(envelope.context, { deadline: envelope.deadline, call });
      return runtime.handle(envelope);
    },
  };
}
