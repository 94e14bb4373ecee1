/** A server process of the benchmark: node arguments relative to the package root, and env. */
export interface ServerSpec {
  readonly id: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Replicas of `calc` on NATS that the server sends its calls to; absent for in-process. */
  readonly natsReplicas?: number;
  /** The checkout the arguments are relative to; default the package root. */
  readonly root?: string;
  /** `'bench'`: on the bench's own node, not the servers' (`--node`). */
  readonly node?: 'bench';
}

/** How a NATS replica of `calc` starts; `--nats` and `--subject-prefix` are added per server. */
export const REPLICA_ARGS = ['bin/portico.js', 'microservice', 'dist/examples/calc/index.js'];

/** One row of the table: a request sent to one server, and the status it must answer. */
export interface RowSpec {
  readonly id: string;
  readonly label: string;
  readonly server: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly status: number;
}

const PORTICO = ['bin/portico.js', 'start', 'dist/bench/portico.config.js'];
const PORTICO_NATS = ['bin/portico.js', 'start', 'dist/bench/portico-nats.config.js'];
const PORTICO_ASYNC = ['bin/portico.js', 'start', 'dist/bench/portico-async.config.js'];
const PORTICO_METRICS = ['bin/portico.js', 'start', 'dist/bench/portico-metrics.config.js'];
const PORTICO_CONTEXT = ['bin/portico.js', 'start', 'dist/bench/portico-context.config.js'];
const PORTICO_TRACING = ['bin/portico.js', 'start', 'dist/bench/portico-tracing.config.js'];
const PORTICO_CORS_OFF = ['bin/portico.js', 'start', 'dist/bench/portico-cors-off.config.js'];
const WITH_TRACING_SDK = ['--require', './dist/bench/tracing-sdk.js'];

/**
 * The servers: the two baselines, Koa without a router, the example main server at two log levels,
 * one whose `mulTwo` is `async`, the example on NATS, and the example serving ROA JSON only, with
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

const JSON_TYPE = { 'content-type': 'application/json' };
const XML_TYPE = { 'content-type': 'application/xml' };
const MUL_TWO = '/calc/multiplier/mulTwo';
const MUL_ONE = '/calc/multiplier/mulOne';
const MUL_INPUT = '{"a":2,"b":3}';

/** Every `X-SVC-*` header, with values that pass the checks. */
export const ALL_SVC_HEADERS: Readonly<Record<string, string>> = {
  'x-svc-api-id': 'ROA',
  'x-svc-sequence-name': 'libBParamArrayJsonInOutSequence',
  'x-svc-request-id': 'bench-request-0001',
  'x-svc-privilege-names': 'reader; writer;auditor',
  'x-svc-locale': 'de-CH',
  'x-svc-session-id': 'session-4f2a9c',
  'x-svc-user': 'alice',
  'x-svc-client-application-name': 'portico-bench',
  'x-svc-ip': '192.0.2.10',
};

/** The rows, baselines first. The ids are what `--rows` selects. */
export const ROWS: readonly RowSpec[] = [
  {
    id: 'node-http',
    label: 'node:http, hand-written (baseline)',
    server: 'node-http',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'koa-route',
    label: 'Koa + @koa/router route, hand-written (baseline)',
    server: 'koa-route',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'koa-bare',
    label: 'Koa alone, path compared by hand',
    server: 'koa-bare',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'roa-json',
    label: 'ROA JSON mulTwo',
    server: 'portico',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'rmc-json',
    label: 'RMC JSON mulOne',
    server: 'portico',
    path: MUL_ONE,
    headers: { ...JSON_TYPE, 'x-svc-api-id': 'RMC' },
    body: '[2,3]',
    status: 200,
  },
  {
    id: 'roa-liba-xml',
    label: 'ROA libA XML mulTwo',
    server: 'portico',
    path: MUL_TWO,
    headers: { ...XML_TYPE, 'x-svc-sequence-name': 'libAParamArrayXmlInOutSequence' },
    body: '<mulInput><a>2</a><b>3</b></mulInput>',
    status: 200,
  },
  {
    id: 'rmc-libb-xml',
    label: 'RMC libB XML mulOne',
    server: 'portico',
    path: MUL_ONE,
    headers: {
      ...XML_TYPE,
      'x-svc-api-id': 'RMC',
      'x-svc-sequence-name': 'libBParamArrayXmlInOutSequence',
    },
    body: '<paramArray><int>2</int><int>3</int></paramArray>',
    status: 200,
  },
  {
    id: 'not-found',
    label: '404: unknown method',
    server: 'portico',
    path: '/calc/multiplier/mulNone',
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 404,
  },
  {
    id: 'all-headers',
    label: 'ROA JSON mulTwo, every X-SVC-* header',
    server: 'portico',
    path: MUL_TWO,
    headers: { ...JSON_TYPE, ...ALL_SVC_HEADERS },
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'roa-json-async',
    label: 'ROA JSON mulTwo, an async method',
    server: 'portico-async',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'roa-json-bench-node',
    label: "ROA JSON mulTwo, on the bench's own Node (the load's)",
    server: 'portico-bench-node',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'context-unused',
    label: "ROA JSON mulTwo, context unused, declared callContext: 'sync'",
    server: 'portico-context-sync',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'context-used',
    label: 'ROA JSON mulTwo, reads getCallContext() before and after an await',
    server: 'portico-context-read',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'nats-1',
    label: 'ROA JSON mulTwo, NATS, 1 replica',
    server: 'portico-nats-1',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'nats-2',
    label: 'ROA JSON mulTwo, NATS, 2 replicas',
    server: 'portico-nats-2',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'roa-json-only',
    label: 'ROA JSON mulTwo, a server of its own',
    server: 'portico-json-only',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'request-id-given',
    label: 'ROA JSON mulTwo, the caller sends X-SVC-Request-ID',
    server: 'portico-json-only',
    path: MUL_TWO,
    headers: { ...JSON_TYPE, 'x-svc-request-id': 'bench-request-0001' },
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'cors-origin',
    label: 'ROA JSON mulTwo, CORS on and an Origin header',
    server: 'portico-json-only',
    path: MUL_TWO,
    headers: { ...JSON_TYPE, origin: 'http://app.example' },
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'cors-off',
    label: 'ROA JSON mulTwo, CORS off',
    server: 'portico-cors-off',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'log-warn',
    label: 'ROA JSON mulTwo, LOG_LEVEL=warn, a server of its own',
    server: 'portico-json-only-warn',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'metrics',
    label: 'ROA JSON mulTwo, metrics on',
    server: 'portico-metrics',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'tracing-no-sdk',
    label: 'ROA JSON mulTwo, tracing on, no SDK',
    server: 'portico-tracing',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'tracing-sdk',
    label: 'ROA JSON mulTwo, tracing on, SDK with a dropping exporter',
    server: 'portico-tracing-sdk',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
  {
    id: 'roa-json-warn',
    label: 'ROA JSON mulTwo, LOG_LEVEL=warn',
    server: 'portico-warn',
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
  },
];
