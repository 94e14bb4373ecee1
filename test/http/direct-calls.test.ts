import fc from 'fast-check';
import { createMainServer, type MainServer, type MainServerConfig } from 'portico';
import { broken, brokenCarrier } from '../fixtures/broken-carrier';
import { calc, probe } from '../fixtures/services';
import { exchangeRaw, maskVarying } from '../support/raw-http';

const MAX_BODY = 64;

const VARIANTS: Partial<MainServerConfig>[] = [
  {},
  { development: true, ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors: false } } },
  {
    ENTRY_POINTS: {
      WEB_SERVICE_FACADE_HTTP: {
        cors: { origins: ['https://app.test'], credentialOrigins: ['https://cred.test'] },
      },
    },
  },
];

/** A server of a variant, and how many Koa contexts it made. */
interface Counted {
  readonly main: MainServer;
  readonly port: number;
  readonly contexts: { made: number };
}

async function start(variant: Partial<MainServerConfig>, viaKoa: boolean): Promise<Counted> {
  const { ENTRY_POINTS } = variant;
  const main = createMainServer(
    {
      ...variant,
      microservices: [probe, calc, broken],
      logLevel: 'silent',
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          ...ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP,
          maxBodyBytes: MAX_BODY,
        },
      },
    },
    brokenCarrier,
  );
  if (viaKoa) main.app.use((_ctx, next) => next());
  const contexts = { made: 0 };
  const createContext = main.app.createContext.bind(main.app);
  main.app.createContext = (req, res) => {
    contexts.made++;
    return createContext(req, res);
  };
  return { main, port: await main.listen(0, '127.0.0.1'), contexts };
}

const TARGETS = [
  ...['echo', 'forget', 'fail', 'none', 'context', 'notRemote', 'sort'].map(
    (m) => `/probe/probe/${m}`,
  ),
  '/calc/multiplier/mulTwo',
  '/broken/probe/echo',
  '/nope/a/b',
  '/probe/probe',
  '/probe//echo',
  '/probe/probe/echo/more',
  '/probe/probe/echo?x=1',
  '/%70robe/probe/echo',
  '/',
  '/-/live',
  '/-/nothing',
  'http://x/probe/probe/echo',
];
const SVC_HEADERS: [string, string[]][] = [
  ['X-SVC-Request-ID', ['abc-123', '', 'x'.repeat(300), 'two words']],
  ['X-SVC-API-ID', ['ROA', 'RMC', 'SOAP']],
  [
    'X-SVC-Sequence-Name',
    ['libAParamArrayXmlInOutSequence', 'libBParamArrayXmlInOutSequence', 'no'],
  ],
  ['X-SVC-Locale', ['de-DE', 'not a locale']],
  ['X-SVC-User', ['ann']],
  ['X-SVC-IP', ['10.0.0.1', 'not-an-ip']],
  ['X-SVC-Privilege-Names', ['a;b']],
];
const BODIES = ['"hi"', '{"a":2,"b":3}', '[2,3]', '[[3,1,2]]', '{', '', '<string>hi</string>'];

const header = (name: string, values: string[]) =>
  fc.option(
    fc.constantFrom(...values).map((value) => `${name}: ${value}\r\n`),
    { nil: '' },
  );

const requests = fc
  .record({
    method: fc.constantFrom('POST', 'POST', 'GET', 'HEAD', 'OPTIONS', 'PUT'),
    target: fc.constantFrom(...TARGETS),
    contentType: header('Content-Type', [
      'application/json',
      'application/xml',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      ';',
    ]),
    accept: header('Accept', ['application/json', 'application/xml', '*/*', 'text/html', 'x']),
    origin: header('Origin', ['https://app.test', 'https://cred.test', 'https://evil.test']),
    svc: fc.tuple(...SVC_HEADERS.map(([name, values]) => header(name, values))),
    close: header('Connection', ['close', 'keep-alive']),
    body: fc.oneof(
      fc.constantFrom(...BODIES.map((text) => Buffer.from(text))),
      fc.string({ maxLength: 30 }).map((text) => Buffer.from(text)),
      fc.constant(Buffer.alloc(MAX_BODY + 1, 0x20)),
      fc.constant(Buffer.from([0x22, 0xff, 0x22])),
    ),
  })
  .map(({ method, target, svc, body, ...headers }) => ({
    method,
    bytes: Buffer.concat([
      Buffer.from(
        `${method} ${target} HTTP/1.1\r\nHost: x\r\n${Object.values(headers).join('')}` +
          `${svc.join('')}Content-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]),
  }));

describe('entry-point calls answered without Koa', () => {
  const pairs: [Counted, Counted][] = [];
  beforeAll(async () => {
    for (const variant of VARIANTS)
      pairs.push([await start(variant, false), await start(variant, true)]);
  });
  afterAll(() => Promise.all(pairs.flat().map(({ main }) => main.close())));

  it('answer byte for byte as Koa answers them, whatever the request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(VARIANTS.length - 1), requests, async (at, { method, bytes }) => {
        const [direct, viaKoa] = pairs[at] as [Counted, Counted];
        const head = method === 'HEAD';
        const [fast, koa] = await Promise.all([
          exchangeRaw(direct.port, bytes, head),
          exchangeRaw(viaKoa.port, bytes, head),
        ]);
        expect(fast.length).toBeGreaterThan(0);
        expect(maskVarying(fast)).toBe(maskVarying(koa));
      }),
      { numRuns: 300 },
    );
  });

  it('take no Koa context, where the server forced through Koa takes one per request', async () => {
    const call = Buffer.from('POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\n\r\n');
    const live = Buffer.from('GET /-/live HTTP/1.1\r\nHost: x\r\n\r\n');
    const made = () => (pairs[0] as [Counted, Counted]).map(({ contexts }) => contexts.made);
    const [direct, viaKoa] = pairs[0] as [Counted, Counted];
    const before = made();
    for (const { port } of [direct, viaKoa]) await exchangeRaw(port, call, false);
    const afterCall = made();
    for (const { port } of [direct, viaKoa]) await exchangeRaw(port, live, false);
    expect([afterCall, made()]).toEqual([
      [before[0], (before[1] as number) + 1],
      [(before[0] as number) + 1, (before[1] as number) + 2],
    ]);
  });
});
