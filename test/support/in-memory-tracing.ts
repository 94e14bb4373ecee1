import { context, propagation, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';

/**
 * Registers an OpenTelemetry SDK for the test file that records every span in memory, and
 * unregisters it after the file; returns the exporter that holds the spans.
 */
export function useInMemoryTracing(): InMemorySpanExporter {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => {
    new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  });
  afterAll(() => {
    trace.disable();
    propagation.disable();
    context.disable();
  });
  return exporter;
}
