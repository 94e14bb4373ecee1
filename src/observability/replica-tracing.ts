import { type CallEnvelope, type CallReply } from '../protocol/envelope';
import { activeTraceFields, endCallSpan, startCallSpan, withCallSpan } from './call-tracing';
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

/**
 * The onward call `envelope`, made inside a method that a replica serves, with the trace context
 * of the active span in place of the one that came with the caller's call: the callee's span
 * becomes the child of the replica's span (or of a span the method opened) rather than its
 * sibling. Without an active span the envelope is returned as it is.
 */
export function withActiveTrace(envelope: CallEnvelope): CallEnvelope {
  const fields = activeTraceFields();
  if (typeof fields.traceparent !== 'string') return envelope;
  // A tracestate of the caller's that the active span does not carry on must not travel with it.
  const context = { ...envelope.context, tracestate: undefined, ...fields };
  return { ...envelope, context };
}
