import fc from 'fast-check';
import { bodies, type Family } from './bodies';
import { type Lib, type Shape, typedBody } from './typed';

/** One generated request, before it is turned into bytes. */
export interface FuzzRequest {
  readonly method: string;
  readonly target: string;
  /** The path segments the target was built from (empty for odd targets). */
  readonly segments: readonly string[];
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** How the body is framed: its exact length, a shorter declared length, chunked, or none. */
  readonly framing: 'length' | 'short' | 'chunked' | 'none';
}

const MICROSERVICES = ['calc', 'probe', 'docs', 'nope', '', '..', '%2e%2e', '__proto__'];
const SERVICES = ['multiplier', 'calculator', 'probe', 'base', 'nope', '__proto__', 'constructor'];
const METHODS = [
  ...['mulOne', 'mulTwo', 'mulThree', 'mulFour', 'add', 'sub', 'mul', 'div'],
  ...['echo', 'profile', 'team', 'context', 'secret', 'forget', 'fail', 'sleep', 'none', 'sort'],
  ...['notRemote', 'inherited', 'calls', 'constructor', '__proto__', 'toString', 'valueOf'],
  ...['hasOwnProperty', '__defineGetter__', 'prototype', ''],
];

/** A path segment: a known name most of the time, else something odd. */
function segment(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...known) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '....',
        '.env',
        '%2e%2e',
        '%2F',
        '%00',
        '%',
        '%zz',
        '~',
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURI) },
    { weight: 2, arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom('ü', 'ñame', '名前', '\u{1F600}', 'a b') },
  );
}

/** Real remote methods, the mode they are called in, and the shape of their arguments. */
const REAL: readonly (readonly [string, 'ROA' | 'RMC', Shape])[] = [
  ['/calc/multiplier/mulOne', 'RMC', 'pair'],
  ['/calc/multiplier/mulTwo', 'ROA', 'mulInput'],
  ['/calc/multiplier/mulThree', 'ROA', 'mulInput'],
  ['/calc/multiplier/mulFour', 'RMC', 'pair'],
  ['/calc/calculator/add', 'ROA', 'opInput'],
  ['/calc/calculator/div', 'ROA', 'opInput'],
  ['/probe/probe/echo', 'ROA', 'string'],
  ['/probe/probe/profile', 'ROA', 'profile'],
  ['/probe/probe/team', 'ROA', 'profile'],
  ['/probe/probe/context', 'ROA', 'int'],
  ['/probe/probe/secret', 'ROA', 'int'],
  ['/probe/probe/forget', 'ROA', 'int'],
  ['/probe/probe/fail', 'ROA', 'string'],
  ['/probe/probe/none', 'RMC', 'none'],
  ['/probe/probe/sort', 'ROA', 'ints'],
];

const realTarget = fc.constantFrom(...REAL).map(([target, mode, shape]) => ({
  segments: target.slice(1).split('/'),
  target,
  mode,
  shape,
}));

const pathTarget = fc
  .tuple(
    segment(MICROSERVICES),
    segment(SERVICES),
    segment(METHODS),
    fc.constantFrom('', '', '', '/', '/extra', '?x=1', '?__proto__[x]=1', '#frag'),
  )
  .map(([m, s, n, tail]) => ({
    segments: [m, s, n],
    target: `/${m}/${s}/${n}${tail}`,
    mode: 'ROA' as const,
    shape: 'string' as Shape,
  }));

const oddTarget = fc
  .constantFrom(
    '/',
    '*',
    '//calc/multiplier/mulTwo',
    '/calc//mulTwo',
    '/calc/multiplier/mulTwo/../mulThree',
    'http://127.0.0.1/calc/multiplier/mulTwo',
    '/docs/../package.json',
    '/docs/%2e%2e/%2e%2e/package.json',
    '/docs//etc/passwd',
    '/docs/data.json',
    '/docs/sub/',
    '/docs',
    `/${'a'.repeat(5000)}`,
    '/calc/multiplier/mulTwo?'.padEnd(3000, 'q'),
  )
  .map((target) => ({
    segments: [] as string[],
    target,
    mode: 'ROA' as const,
    shape: 'mulInput' as Shape,
  }));

const METHOD = fc.oneof(
  { weight: 40, arbitrary: fc.constant('POST') },
  { weight: 2, arbitrary: fc.constantFrom('OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'PATCH') },
  { weight: 1, arbitrary: fc.constantFrom('TRACE', 'CONNECT', 'post', 'BREW', 'PRI', 'M-SEARCH') },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/xml',
  'text/xml; charset=UTF-8',
  'application/vnd.example+json',
  'application/soap+xml',
  'application/json; charset=latin1',
  'text/plain',
  '',
  'application/json, application/xml',
  'APPLICATION/JSON',
  '*/*',
];
const ACCEPTS = [
  '*/*',
  'application/json',
  'application/xml',
  'text/html',
  'application/xml;q=0, application/json;q=0.5',
  'application/*',
  'application/json;q=abc',
  '',
];
const SEQUENCES = [
  'libBParamArrayJsonInOutSequence',
  'libAParamArrayJsonInOutSequence',
  'libBParamArrayXmlInOutSequence',
  'libAParamArrayXmlInOutSequence',
  'nope',
  'constructor',
];

/** A header value: a plausible one, or something hostile. */
function value(plausible: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom(...plausible) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'a\u0000b',
        'a\u0001b',
        'a\rb',
        'a\u007fb',
        ' padded ',
        'x'.repeat(2000),
        'y'.repeat(20_000),
        '\t',
      ),
    },
  );
}

const SVC_HEADER = fc.oneof(
  ...[
    fc.tuple(fc.constant('X-SVC-Request-ID'), value(['r-1', 'x'.repeat(128), 'x'.repeat(129)])),
    fc.tuple(fc.constant('X-SVC-Locale'), value(['en', 'de-CH', 'zz_ZZ', '1'])),
    fc.tuple(fc.constant('X-SVC-Privilege-Names'), value(['admin', 'a; b;;c', ';'])),
    fc.tuple(fc.constant('X-SVC-IP'), value(['127.0.0.1', '::1', '999.1.1.1'])),
    fc.tuple(fc.constantFrom('X-SVC-User', 'X-SVC-Session-ID'), value(['u', 'x'.repeat(1025)])),
  ].map((arbitrary) => ({ weight: 6, arbitrary })),
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom('Expect', 'Upgrade', 'Connection', 'Transfer-Encoding', 'Content-Encoding'),
      value(['100-continue', 'close', 'websocket', 'gzip', 'identity', 'chunked']),
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), value(['v'])) },
);

const CLEAN_TYPES: Readonly<Record<Family, readonly string[]>> = {
  json: ['application/json', 'application/json; charset=utf-8'],
  xml: ['application/xml', 'text/xml; charset=UTF-8'],
};
/** The sequence header of a family and library; libB JSON, the default, is often left out. */
function sequenceOf(family: Family, lib: Lib): fc.Arbitrary<string | null> {
  const name = `${lib}ParamArray${family === 'json' ? 'Json' : 'Xml'}InOutSequence`;
  return family === 'json' && lib === 'libB' ? fc.constantFrom(name, null) : fc.constant(name);
}

/** `[name, value]` when the value is not null. */
function line(name: string, value: fc.Arbitrary<string | null>) {
  return value.map((v) => (v === null ? [] : [[name, v] as [string, string]]));
}

/**
 * Header lines for a family and mode: mostly the clean Content-Type, sequence and mode, now and
 * then hostile ones, more X-SVC-* headers, repeats, and sometimes more lines than the limit.
 */
function headerLines(family: Family, lib: Lib, mode: 'ROA' | 'RMC') {
  return fc
    .tuple(
      line(
        'Content-Type',
        fc.oneof(
          { weight: 12, arbitrary: fc.constantFrom(...CLEAN_TYPES[family]) },
          { weight: 2, arbitrary: value(CONTENT_TYPES) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
      ),
      line(
        'Accept',
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: value(ACCEPTS) },
        ),
      ),
      line(
        'X-SVC-Sequence-Name',
        fc.oneof(
          { weight: 12, arbitrary: sequenceOf(family, lib) },
          { weight: 1, arbitrary: value(SEQUENCES) },
        ),
      ),
      line(
        'X-SVC-API-ID',
        fc.oneof(
          { weight: 12, arbitrary: fc.constant(mode) },
          { weight: 1, arbitrary: value(['ROA', 'RMC', 'roa', '']) },
        ),
      ),
      fc.array(SVC_HEADER, { maxLength: 3 }),
      fc.oneof({ weight: 15, arbitrary: fc.constant(0) }, fc.integer({ min: 90, max: 130 })),
      fc.oneof({ weight: 7, arbitrary: fc.constant(false) }, fc.constant(true)),
    )
    .map(([contentType, accept, sequence, apiId, svc, padding, repeat]) => {
      const lines: [string, string][] = [['Host', '127.0.0.1'], ...contentType, ...accept];
      lines.push(...sequence, ...apiId, ...svc.map(([n, v]) => [n, v] as [string, string]));
      if (repeat && lines.length > 1) lines.push(lines[lines.length - 1] as [string, string]);
      for (let i = 0; i < padding; i++) lines.push([`X-Pad-${i}`, 'p']);
      return lines;
    });
}

/** A whole request: method, target, headers and a JSON or XML body in some framing. */
export const fuzzRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom<Family>('json', 'xml'),
    fc.constantFrom<Lib>('libA', 'libB'),
    fc.oneof(
      { weight: 8, arbitrary: realTarget },
      { weight: 3, arbitrary: pathTarget },
      { weight: 1, arbitrary: oddTarget },
    ),
  )
  .chain(([family, lib, where]) =>
    fc
      .record({
        method: METHOD,
        headers: headerLines(family, lib, where.mode),
        body: fc.oneof(
          { weight: 4, arbitrary: typedBody(where.shape, family, lib) },
          { weight: 1, arbitrary: bodies(family) },
        ),
        framing: fc.constantFrom(...Array(8).fill('length'), 'short', 'chunked', 'none'),
      })
      .map(({ method, headers, body, framing }) => ({
        method,
        target: where.target,
        segments: where.segments,
        headers,
        body,
        framing: framing as FuzzRequest['framing'],
      })),
  );

/** The bytes of a generated request. */
export function encodeRequest(request: FuzzRequest): Buffer {
  const headers = [...request.headers];
  let body = request.body;
  if (request.framing === 'length') headers.push(['Content-Length', String(body.length)]);
  if (request.framing === 'short') headers.push(['Content-Length', String(body.length >> 1)]);
  if (request.framing === 'chunked') {
    headers.push(['Transfer-Encoding', 'chunked']);
    body = Buffer.concat([
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from(body.length > 0 ? '\r\n0\r\n\r\n' : '\r\n'),
    ]);
  }
  if (request.framing === 'none') body = Buffer.alloc(0);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...headers.map(([n, v]) => `${n}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), body]);
}
