/** The phases of a call that `npm run bench:phases` gives each CPU profile sample to. */
export type Phase =
  | 'parse'
  | 'negotiate'
  | 'headers'
  | 'context'
  | 'bind'
  | 'check'
  | 'invoke'
  | 'write'
  | 'log'
  | 'observe'
  | 'gc'
  | 'other';

/** What each phase holds, as the table names it, in the order of a call. */
export const PHASES = {
  parse: 'parse (HTTP parser, request objects, the server taking the request)',
  negotiate: 'negotiate (Content-Type, Accept)',
  headers: 'headers (request id, X-SVC-*, CORS)',
  context: 'context (call context, AsyncLocalStorage)',
  bind: 'bind (body read, JSON parse, argument binding and checks)',
  check: 'check (the result)',
  invoke: "invoke (routing, the runtime's dispatch, the method)",
  write: 'write (serialize, status, headers, res.end, the socket write)',
  log: 'log (the call line and its write)',
  observe: 'observe (metrics, tracing)',
  gc: 'garbage collection',
  other: "other (native code outside JS: llhttp, libuv, V8; the event loop's turns)",
} as const satisfies Record<Phase, string>;

/** The phases that code belongs to; the collector's and everything else's are found otherwise. */
export type CodePhase = Exclude<Phase, 'gc' | 'other'>;

/** Code of a phase: the script whose URL ends in `file`, or only its `functions` when given. */
export interface FrameRule {
  readonly file: string;
  readonly functions?: readonly string[];
}

const files = (...names: string[]): FrameRule[] => names.map((file) => ({ file }));
const src = (folder: string, ...names: string[]) =>
  files(...names.map((name) => `/src/${folder}/${name}.js`));

/**
 * Which code belongs to which phase. A rule that names functions wins over one that names only
 * the file; a frame that no rule names (natives, Node's events, timers and promise queue) belongs
 * to the phase of the nearest caller that one does.
 */
export const PHASE_RULES = {
  parse: [
    ...files('node:_http_server', 'node:_http_incoming', 'node:_http_common'),
    { file: 'node:internal/stream_base_commons', functions: ['onStreamRead'] },
    // The request is a Readable: its construction is the request object's, its reads the body's.
    { file: 'node:internal/streams/readable', functions: ['Readable'] },
    // The response object is made with the request's; its other functions write the answer.
    { file: 'node:_http_outgoing', functions: ['OutgoingMessage'] },
    ...src(
      'server',
      'http-server',
      'host-fault',
      'unfinished-responses',
      'in-flight',
      'write-deadline',
      'raw-refusals',
    ),
  ],
  negotiate: src('entry-point', 'negotiation'),
  headers: [
    ...src(
      'entry-point',
      'read-call-headers',
      'header-text',
      'request-id-of',
      'split-privilege-names',
      'svc-header-spelling',
      'svc-header-values',
      'new-request-id',
    ),
    ...src('serialization', 'request-id'),
    ...src('http', 'cors'),
  ],
  context: [
    ...files('node:async_hooks', 'node:internal/async_hooks', 'node:internal/async_context_frame'),
    { file: 'node:internal/async_local_storage/' },
    ...src('runtime', 'call-context'),
    ...src('entry-point', 'call-envelope'),
  ],
  bind: [
    { file: 'node:internal/streams/readable' },
    ...src('entry-point', 'body', 'rmc-splitter'),
    ...src('runtime', 'call-arguments'),
    { file: '/src/serialization/' },
  ],
  check: src('runtime', 'result-check'),
  invoke: [
    ...src('server', 'request-listener', 'request-dispatch'),
    { file: '/src/server/direct-context.js', functions: ['plainPath'] },
    ...src('entry-point', 'entry-point', 'dispatch', 'call-slots', 'not-found'),
    ...src('runtime', 'runtime', 'registry', 'outbound', 'not-found'),
    ...files('/src/transport/', '/src/protocol/', '/examples/'),
  ],
  write: [
    ...files('node:_http_outgoing', 'node:internal/streams/writable', 'node:net'),
    { file: 'node:internal/stream_base_commons' },
    { file: 'node:_http_common', functions: ['checkIsHttpToken', 'checkInvalidHeaderChar'] },
    { file: 'node:_http_server', functions: ['writeHead', '_implicitHeader', 'resOnFinish'] },
    { file: 'node:_http_server', functions: ['detachSocket', 'onServerResponseClose'] },
    ...src('server', 'direct-context'),
    ...src('entry-point', 'send-reply'),
    ...src('http', 'responses'),
    ...src('serialization', 'json-writer', 'xml-writer', 'number-text'),
    { file: '/src/serialization/', functions: ['writeResult'] },
  ],
  log: src('server', 'logger', 'log-destination'),
  observe: [...src('server', 'observability'), { file: '/src/observability/' }],
} satisfies Record<CodePhase, readonly FrameRule[]>;
