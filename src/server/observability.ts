import { type CallMetrics } from '../observability/call-metrics';
import { type CallObserver, createCallObserver } from '../observability/call-observer';
import { loadTracing } from '../observability/call-tracing';
import { needPeer } from '../peers';
import { type MainServerConfig } from './config';
import { remoteMethods } from './idempotent-methods';

/** A main server's metrics and the observer of its calls; both absent when they are off. */
export interface ServerObservability {
  readonly metrics: CallMetrics | undefined;
  readonly observe: CallObserver | undefined;
}

/**
 * The metrics and tracing that `config` asks for. prom-client loads only when metrics are on, and
 * `@opentelemetry/api` only when tracing is on, so that a main server without them neither needs
 * them installed nor does any of their work; with them on and the package missing, this throws
 * the line that says what to install.
 */
export function createServerObservability(config: MainServerConfig): ServerObservability {
  const metrics = config.metrics ? loadCallMetrics() : undefined;
  const tracing = config.tracing ?? false;
  if (tracing) loadTracing();
  if (!metrics && !tracing) return { metrics, observe: undefined };
  const registered = new Map<string, (readonly [string, string])[]>();
  for (const definition of config.microservices) {
    if (definition.type === 'nativeApp') {
      const methods = [...remoteMethods(definition.services)];
      registered.set(
        definition.name,
        methods.map(([service, method]) => [service, method.name]),
      );
    }
  }
  const microservices = registered.keys();
  return { metrics, observe: createCallObserver({ microservices, registered, metrics, tracing }) };
}

function loadCallMetrics(): CallMetrics {
  needPeer('prom-client');
  const { createCallMetrics } =
    require('../observability/call-metrics') as typeof import('../observability/call-metrics');
  return createCallMetrics();
}
