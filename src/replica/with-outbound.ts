import { type CallEnvelope } from '../protocol/envelope';
import { bindOutbound } from '../runtime/outbound';
import { type MicroserviceRuntime } from '../runtime/runtime';
import { type NatsLink, natsSubject } from '../transport/nats/nats-connection';
import { requestReply } from '../transport/nats/request-reply';

/**
 * The runtime of a replica, with each call's methods able to call other microservices over the
 * replica's own connection (`createNatsClient`), on the same subject prefix, within the call's
 * deadline: the envelope's context is bound to the carrier and the deadline before the call runs.
 */
export function withOutbound(
  runtime: MicroserviceRuntime,
  link: NatsLink,
  subjectPrefix: string | undefined,
): MicroserviceRuntime {
  const call = (envelope: CallEnvelope) =>
    requestReply(link, natsSubject(subjectPrefix, envelope.microservice), envelope);
  return {
    name: runtime.name,
    services: runtime.services,
    handle(envelope) {
      bindOutbound(envelope.context, { deadline: envelope.deadline, call });
      return runtime.handle(envelope);
    },
  };
}
