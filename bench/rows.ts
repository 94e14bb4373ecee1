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

/** A row of ROA JSON `mulTwo` that answers 200; `changes` are where the row differs from that. */
function mulTwo(
  id: string,
  label: string,
  server: string,
  changes: Partial<RowSpec> = {},
): RowSpec {
  return {
    id,
    label,
    server,
    path: MUL_TWO,
    headers: JSON_TYPE,
    body: MUL_INPUT,
    status: 200,
    ...changes,
  };
}

/** The rows, baselines first. The ids are what `--rows` selects. */
export const ROWS: readonly RowSpec[] = [
  mulTwo('node-http', 'node:http, hand-written (baseline)', 'node-http'),
  mulTwo('koa-route', 'Koa + @koa/router route, hand-written (baseline)', 'koa-route'),
  mulTwo('koa-bare', 'Koa alone, path compared by hand', 'koa-bare'),
  mulTwo('roa-json', 'ROA JSON mulTwo', 'portico'),
  mulTwo('rmc-json', 'RMC JSON mulOne', 'portico', {
    path: MUL_ONE,
    headers: { ...JSON_TYPE, 'x-svc-api-id': 'RMC' },
    body: '[2,3]',
  }),
  mulTwo('roa-liba-xml', 'ROA libA XML mulTwo', 'portico', {
    headers: { ...XML_TYPE, 'x-svc-sequence-name': 'libAParamArrayXmlInOutSequence' },
    body: '<mulInput><a>2</a><b>3</b></mulInput>',
  }),
  mulTwo('rmc-libb-xml', 'RMC libB XML mulOne', 'portico', {
    path: MUL_ONE,
    headers: {
      ...XML_TYPE,
      'x-svc-api-id': 'RMC',
      'x-svc-sequence-name': 'libBParamArrayXmlInOutSequence',
    },
    body: '<paramArray><int>2</int><int>3</int></paramArray>',
  }),
  mulTwo('not-found', '404: unknown method', 'portico', {
    path: '/calc/multiplier/mulNone',
    status: 404,
  }),
  mulTwo('all-headers', 'ROA JSON mulTwo, every X-SVC-* header', 'portico', {
    headers: { ...JSON_TYPE, ...ALL_SVC_HEADERS },
  }),
  mulTwo('roa-json-async', 'ROA JSON mulTwo, an async method', 'portico-async'),
  mulTwo(
    'roa-json-bench-node',
    "ROA JSON mulTwo, on the bench's own Node (the load's)",
    'portico-bench-node',
  ),
  mulTwo(
    'context-unused',
    "ROA JSON mulTwo, context unused, declared callContext: 'sync'",
    'portico-context-sync',
  ),
  mulTwo(
    'context-used',
    'ROA JSON mulTwo, reads getCallContext() before and after an await',
    'portico-context-read',
  ),
  mulTwo('nats-1', 'ROA JSON mulTwo, NATS, 1 replica', 'portico-nats-1'),
  mulTwo('nats-2', 'ROA JSON mulTwo, NATS, 2 replicas', 'portico-nats-2'),
  mulTwo('nats-echo', 'node:http forwarding over NATS, hand-written (ceiling)', 'nats-echo'),
  mulTwo(
    'nats-echo-batched',
    "node:http forwarding over NATS, a turn's calls in one message (ceiling)",
    'nats-echo-batched',
  ),
  mulTwo('roa-json-only', 'ROA JSON mulTwo, a server of its own', 'portico-json-only'),
  mulTwo(
    'request-id-given',
    'ROA JSON mulTwo, the caller sends X-SVC-Request-ID',
    'portico-json-only',
    { headers: { ...JSON_TYPE, 'x-svc-request-id': 'bench-request-0001' } },
  ),
  mulTwo('cors-origin', 'ROA JSON mulTwo, CORS on and an Origin header', 'portico-json-only', {
    headers: { ...JSON_TYPE, origin: 'http://app.example' },
  }),
  mulTwo('cors-off', 'ROA JSON mulTwo, CORS off', 'portico-cors-off'),
  mulTwo(
    'log-warn',
    'ROA JSON mulTwo, LOG_LEVEL=warn, a server of its own',
    'portico-json-only-warn',
  ),
  mulTwo('metrics', 'ROA JSON mulTwo, metrics on', 'portico-metrics'),
  mulTwo('tracing-no-sdk', 'ROA JSON mulTwo, tracing on, no SDK', 'portico-tracing'),
  mulTwo(
    'tracing-sdk',
    'ROA JSON mulTwo, tracing on, SDK with a dropping exporter',
    'portico-tracing-sdk',
  ),
  mulTwo('roa-json-warn', 'ROA JSON mulTwo, LOG_LEVEL=warn', 'portico-warn'),
];
