import {
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';

// A minimal OpenTelemetry SDK: every span is printed to the console when it ends. Load it before
// portico with `node --require ./dist/examples/operating/tracing.js`, in the main server and in
// each replica. For a collector, use an OTLP exporter (@opentelemetry/exporter-trace-otlp-http)
// in a BatchSpanProcessor instead. `register()` also installs the W3C trace-context propagator and
// the async context manager, which portico's spans rely on.
new NodeTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
}).register();
