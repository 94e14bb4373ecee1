import { type CallMetrics } from '../observability/call-metrics';
import { type CallObserver, createCallObserver } from '../observability/call-observer';
import { type MainServerConfig } from './config';

/** A main server's metrics and the observer of its calls; both absent when they are off. */
export interface ServerObservability {
  readonly metrics: CallMetrics | undefined;
  readonly observe: CallObserver | undefined;
}

/**
 * The metrics and tracing that `config` asks for. prom-client loads only when metrics are on, so
 * that a main server without them neither loads it nor does any of its work.
 */
export function createServerObservability(config: MainServerConfig): ServerObservability {
  const metrics = config.metrics ? loadCallMetrics() : undefined;
  const tracing = config.tracing ?? false;
  if (!metrics && !tracing) return { metrics, observe: undefined };
  const microservices = config.microservices
    .filter((definition) => definition.type === 'nativeApp')
    .map((definition) => definition.name);
  return { metrics, observe: createCallObserver({ microservices, metrics, tracing }) };
}

function loadCallMetrics(): CallMetrics {
  const { createCallMetrics } =
    require('../observability/call-metrics') as typeof import('../observability/call-metrics');
  return createCallMetrics();
}
