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
  const call = (envelope: CallEnvelope) =>
    requestReply({ link, subject: natsSubject(subjectPrefix, envelope.microservice) }, envelope);
  return {
    name: runtime.name,
    services: runtime.services,
    handle(envelope) {
      bindOutbound(envelope.context, { deadline: envelope.deadline, call });
      return runtime.handle(envelope);
    },
  };
}
