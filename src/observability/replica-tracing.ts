import { type CallEnvelope, type CallReply } from '../protocol/envelope';
import { endCallSpan, startCallSpan, withCallSpan } from './call-tracing';
import { UNKNOWN } from './known-names';

/**
 * Serves a call that came over NATS inside a span of the replica, the child of the span that the
 * entry point sent along in the call context (`traceparent`, `tracestate`). The method runs with
 * the span active. A method the replica does not have gets the span name `_unknown`.
 */
export async function traceReplicaCall(
  envelope: CallEnvelope,
  handle: (envelope: CallEnvelope) => CallReply | Promise<CallReply>,
): Promise<CallReply> {
  const { microservice, service, method, context } = envelope;
  const span = startCallSpan({
    microservice,
    service,
    method,
    requestId: context.requestId,
    carrier: context,
    side: 'replica',
  });
  let reply: CallReply | undefined;
  try {
    reply = await withCallSpan(span, () => handle(envelope));
    return reply;
  } finally {
    const code = reply === undefined ? 'INTERNAL_ERROR' : reply.ok ? 'OK' : reply.error.code;
    const status = reply === undefined ? 500 : reply.ok ? 200 : reply.error.status;
    const rename = code === 'METHOD_NOT_FOUND' ? UNKNOWN : undefined;
    endCallSpan(span, rename === undefined ? { code, status } : { code, status, rename });
  }
}
