import { spawnSync } from 'node:child_process';
import { createCallMetrics } from '../src/observability/call-metrics';
import { createCallObserver } from '../src/observability/call-observer';
import { median } from './report';

/**
 * What observing one call costs by itself, without HTTP: the entry point's calls to the observer
 * (start, trace context into the call context, run, end) in a loop, per mode, each mode in a
 * process of its own (an SDK, once registered, stays). `node dist/bench/observer-loop.js`.
 */
const MODES = ['metrics', 'tracing-no-sdk', 'tracing-sdk'] as const;
const CALLS = 200_000;
const ROUNDS = 7;

function registerSdk(): void {
  const sdk =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const exporter = {
    export: (_: unknown, done: (r: { code: 0 }) => void) => done({ code: 0 }),
    shutdown: async () => {},
  };
  new sdk.NodeTracerProvider({ spanProcessors: [new sdk.BatchSpanProcessor(exporter)] }).register();
}

function measure(mode: (typeof MODES)[number]): number {
  if (mode === 'tracing-sdk') registerSdk();
  const metrics = mode === 'metrics' ? createCallMetrics() : undefined;
  const observe = createCallObserver({ microservices: ['calc'], metrics, tracing: !metrics });
  const parts = ['calc', 'multiplier', 'mulTwo'];
  const headers = { 'content-type': 'application/json' };
  const outcome = {
    status: 200,
    code: undefined,
    replied: true,
    requestBytes: 13,
    responseBytes: 12,
  };
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) {
      const observation = observe({
        parts,
        requestId: 'request-id',
        headers,
        started: performance.now(),
      });
      observation.inject({});
      observation.run(() => 1);
      observation.end(outcome);
    }
    rounds.push(Number(process.hrtime.bigint() - start) / CALLS / 1000);
  }
  return median(rounds.slice(2));
}

const [mode] = process.argv.slice(2);
if (mode) {
  process.stdout.write(`${measure(mode as (typeof MODES)[number]).toFixed(3)}\n`);
} else {
  for (const each of MODES) {
    const run = spawnSync(process.execPath, [__filename, each], { encoding: 'utf8' });
    process.stdout.write(`${each}: ${run.stdout.trim()} µs per call\n`);
  }
}
