import type * as OpenTelemetry from '@opentelemetry/api';
import type { Context, Span, TextMapGetter, TextMapSetter, Tracer } from '@opentelemetry/api';
import { requirePeer } from '../peers';

/** The name of portico's tracer. */
export const TRACER_NAME = 'portico';

/** The ids of a span, as the call line writes them. */
export interface TraceIds {
  readonly traceId: string;
  readonly spanId: string;
}

/** What a call's span is started with: its names, and where its parent's context is read from. */
export interface SpanStart {
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
  readonly requestId: string;
  /** HTTP headers, or a call context, with `traceparent` and `tracestate`. */
  readonly carrier: object;
  /** `replica` for the span of a replica that serves the call. */
  readonly side: 'entry-point' | 'replica';
}

/** How a call ends, as its span records it. */
export interface SpanEnd {
  /** `OK`, or the error code. */
  readonly code: string;
  /** The HTTP status of the answer (at a replica, the one the reply asks for). */
  readonly status: number;
  /** A low-cardinality name replacing the one from the request, when that one is not known. */
  readonly rename?: string;
}

/** One call's span and the context that holds it. */
export interface CallSpan {
  readonly span: Span;
  readonly context: Context;
  /** The span's ids when an SDK records it, for the call line. */
  readonly ids: TraceIds | undefined;
}

const getter: TextMapGetter<object> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = (carrier as Record<string, unknown>)[key];
    return typeof value === 'string' || Array.isArray(value) ? value : undefined;
  },
};

/** Writes only the two W3C fields, the ones that the call context carries over NATS. */
const setter: TextMapSetter<Record<string, unknown>> = {
  set: (carrier, key, value) => {
    if (key === 'traceparent' || key === 'tracestate') carrier[key] = value;
  },
};

/** `@opentelemetry/api` and portico's tracer, loaded by the first span: tracing off loads neither. */
let loaded: { readonly api: typeof OpenTelemetry; readonly tracer: Tracer } | undefined;

/**
 * Loads `@opentelemetry/api`, an optional peer; throws the one line that says to install it when
 * it is missing. A server with tracing on calls it at start, so that it fails there.
 */
export function loadTracing(): { readonly api: typeof OpenTelemetry; readonly tracer: Tracer } {
  if (!loaded) {
    const api = requirePeer<typeof OpenTelemetry>('@opentelemetry/api');
    loaded = { api, tracer: api.trace.getTracer(TRACER_NAME) };
  }
  return loaded;
}

/**
 * Starts the server span of a call, a child of the trace context in `carrier` when there is one.
 * Everything goes through `@opentelemetry/api`: without a registered SDK the span is the API's
 * no-op, and nothing else is done.
 */
export function startCallSpan(start: SpanStart): CallSpan {
  const { api, tracer } = loaded ?? loadTracing();
  const parent = api.propagation.extract(api.ROOT_CONTEXT, start.carrier, getter);
  const span = tracer.startSpan(
    `${start.service}/${start.method}`,
    { kind: api.SpanKind.SERVER },
    parent,
  );
  if (!span.isRecording()) return { span, context: parent, ids: undefined };
  span.setAttributes({
    'rpc.system.name': 'portico',
    'rpc.method': `${start.service}/${start.method}`,
    'portico.microservice': start.microservice,
    'portico.request_id': start.requestId,
    'portico.side': start.side,
  });
  const spanContext = span.spanContext();
  const ids = api.isSpanContextValid(spanContext)
    ? { traceId: spanContext.traceId, spanId: spanContext.spanId }
    : undefined;
  return { span, context: api.trace.setSpan(parent, span), ids };
}

/** Writes the span's `traceparent` and `tracestate` into a call context that is being built. */
export function injectCallSpan(call: CallSpan, into: object): void {
  if (call.ids)
    loadTracing().api.propagation.inject(call.context, into as Record<string, unknown>, setter);
}

/**
 * The `traceparent` and `tracestate` of the active context, as the call context carries them;
 * empty when no span is active or no propagator is registered.
 */
export function activeTraceFields(): { traceparent?: string; tracestate?: string } {
  const fields: Record<string, unknown> = {};
  const { api } = loadTracing();
  api.propagation.inject(api.context.active(), fields, setter);
  return fields as { traceparent?: string; tracestate?: string };
}

/** Runs `fn` with the call's span active, so that spans the method opens are its children. */
export function withCallSpan<T>(call: CallSpan, fn: () => T): T {
  return call.ids ? loadTracing().api.context.with(call.context, fn) : fn();
}

/** Ends the span with the call's outcome; a 5xx answer marks it as an error. */
export function endCallSpan(call: CallSpan, end: SpanEnd): void {
  const { span } = call;
  if (span.isRecording()) {
    if (end.rename !== undefined) span.updateName(end.rename);
    span.setAttribute('rpc.response.status_code', end.code);
    span.setAttribute('http.response.status_code', end.status);
    if (end.status >= 500) {
      span.setStatus({ code: loadTracing().api.SpanStatusCode.ERROR, message: end.code });
    }
  }
  span.end();
}
