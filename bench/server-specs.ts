/** A server process of the benchmark: node arguments relative to the package root, and env. */
export interface ServerSpec {
  readonly id: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Replicas of `calc` on NATS that the server sends its calls to; absent for in-process. */
  readonly natsReplicas?: number;
  /** How each replica starts, before `--nats` and `--subject-prefix`; default {@link REPLICA_ARGS}. */
  readonly replicaArgs?: readonly string[];
  /** The checkout the arguments are relative to; default the package root. */
  readonly root?: string;
  /** `'bench'`: on the bench's own node, not the servers' (`--node`). */
  readonly node?: 'bench';
}

/** How a NATS replica of `calc` starts; `--nats` and `--subject-prefix` are added per server. */
export const REPLICA_ARGS = ['bin/portico.js', 'microservice', 'dist/examples/calc/index.js'];

const PORTICO = ['bin/portico.js', 'start', 'dist/bench/portico.config.js'];
const PORTICO_NATS = ['bin/portico.js', 'start', 'dist/bench/portico-nats.config.js'];
const PORTICO_ASYNC = ['bin/portico.js', 'start', 'dist/bench/portico-async.config.js'];
const PORTICO_METRICS = ['bin/portico.js', 'start', 'dist/bench/portico-metrics.config.js'];
const PORTICO_CONTEXT = ['bin/portico.js', 'start', 'dist/bench/portico-context.config.js'];
const PORTICO_TRACING = ['bin/portico.js', 'start', 'dist/bench/portico-tracing.config.js'];
const PORTICO_CORS_OFF = ['bin/portico.js', 'start', 'dist/bench/portico-cors-off.config.js'];
const RESPONDER = ['dist/bench/baselines/nats-responder.js'];
const WITH_TRACING_SDK = ['--require', './dist/bench/tracing-sdk.js'];

/**
 * The servers: the two baselines, Koa without a router, the example main server at two log levels,
 * one whose `mulTwo` is `async`, the example on NATS, the two hand-written forwarders over NATS
 * with their responder (the carrier's ceiling), and the example serving ROA JSON only, with
 * metrics on, with tracing on and no OpenTelemetry SDK, with tracing on and an SDK, at warn, and
 * with CORS off.
 */
export const SERVERS: readonly ServerSpec[] = [
  { id: 'node-http', args: ['dist/bench/baselines/bare-http.js'] },
  { id: 'koa-route', args: ['dist/bench/baselines/koa-route.js'] },
  { id: 'koa-bare', args: ['dist/bench/baselines/koa-bare.js'] },
  { id: 'portico', args: PORTICO, env: { LOG_LEVEL: 'info' } },
  { id: 'portico-warn', args: PORTICO, env: { LOG_LEVEL: 'warn' } },
  { id: 'portico-async', args: PORTICO_ASYNC, env: { LOG_LEVEL: 'info' } },
  { id: 'portico-bench-node', args: PORTICO, env: { LOG_LEVEL: 'info' }, node: 'bench' },
  { id: 'portico-context-sync', args: PORTICO_CONTEXT, env: { LOG_LEVEL: 'info' } },
  {
    id: 'portico-context-read',
    args: PORTICO_CONTEXT,
    env: { LOG_LEVEL: 'info', BENCH_CONTEXT: 'read' },
  },
  { id: 'portico-nats-1', args: PORTICO_NATS, env: { LOG_LEVEL: 'info' }, natsReplicas: 1 },
  { id: 'portico-nats-2', args: PORTICO_NATS, env: { LOG_LEVEL: 'info' }, natsReplicas: 2 },
  {
    id: 'nats-echo',
    args: ['dist/bench/baselines/nats-echo.js'],
    natsReplicas: 1,
    replicaArgs: RESPONDER,
  },
  {
    id: 'nats-echo-batched',
    args: ['dist/bench/baselines/nats-echo-batched.js'],
    natsReplicas: 1,
    replicaArgs: [...RESPONDER, '--batched'],
  },
  // The base of the metrics and tracing rows: like theirs, a main server that serves ROA JSON only.
  // The 'portico' server also serves the other kinds of request, which costs it a few µs per call.
  { id: 'portico-json-only', args: PORTICO, env: { LOG_LEVEL: 'info' } },
  { id: 'portico-json-only-warn', args: PORTICO, env: { LOG_LEVEL: 'warn' } },
  { id: 'portico-cors-off', args: PORTICO_CORS_OFF, env: { LOG_LEVEL: 'info' } },
  { id: 'portico-metrics', args: PORTICO_METRICS, env: { LOG_LEVEL: 'info' } },
  { id: 'portico-tracing', args: PORTICO_TRACING, env: { LOG_LEVEL: 'info' } },
  {
    id: 'portico-tracing-sdk',
    args: [...WITH_TRACING_SDK, ...PORTICO_TRACING],
    env: { LOG_LEVEL: 'info' },
  },
];
