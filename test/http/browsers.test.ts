import { createMainServer } from 'portico';
import { calc } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

/** The headers every allowed origin may send. */
const OPEN_HEADERS = ['X-SVC-API-ID', 'X-SVC-Locale', 'X-SVC-Sequence-Name', 'X-SVC-Request-ID'];

/** The claims the permission resolver is shown: only the credential origins may send them. */
const CLAIM_HEADERS = [
  'X-SVC-Privilege-Names',
  'X-SVC-User',
  'X-SVC-Session-ID',
  'X-SVC-Client-Application-Name',
  'X-SVC-IP',
];

/** The headers a preflight from `origin` is allowed. */
async function allowedHeaders(server: TestServer, origin: string) {
  const answer = await send(server.url, '/calc/multiplier/mulTwo', {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
  });
  return String(answer.headers['access-control-allow-headers']).split(', ');
}

describe.each(PLACEMENTS)('CORS on the entry point (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] }, placement);
  });
  afterAll(() => server.close());

  it('answers a preflight with 204 and every header a browser needs, claims excepted', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://elsewhere.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-svc-api-id',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    const allowed = String(answer.headers['access-control-allow-headers']).split(', ');
    expect(allowed.sort()).toEqual(['Accept', 'Content-Type', ...OPEN_HEADERS].sort());
    expect(answer.headers['access-control-max-age']).toBe('600');
  });

  it('adds no CORS headers to a call without Origin', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('puts the origin and exposed request id on actual responses, errors included', async () => {
    for (const path of ['/calc/multiplier/mulTwo', '/calc/multiplier/nope']) {
      const answer = await send(server.url, path, {
        headers: json({ Origin: 'http://elsewhere.test' }),
        body: '{"a":2,"b":3}',
      });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-expose-headers']).toBe('X-SVC-Request-ID');
    }
  });
});

describe('CORS with a list of origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: { cors: { origins: ['http://good.test'], maxAgeSeconds: 60 } },
      },
    });
  });
  afterAll(() => server.close());

  it('echoes an allowed origin, with Vary: Origin', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      method: 'OPTIONS',
      headers: { Origin: 'http://good.test' },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('http://good.test');
    expect(answer.headers.vary).toBe('Origin');
    expect(answer.headers['access-control-max-age']).toBe('60');
  });

  it('gives no CORS headers to another origin, so the browser refuses', async () => {
    const pre = await send(server.url, '/calc/multiplier/mulTwo', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    expect(pre.headers.vary).toBe('Origin');
    const actual = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json({ Origin: 'http://evil.test' }),
      body: '{"a":2,"b":3}',
    });
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
    expect(actual.headers.vary).toBe('Origin');
    const none = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(none.headers.vary).toBe('Origin');
  });
});

describe('CORS turned off', () => {
  it('sends no CORS headers', async () => {
    const server = await startTestServer({
      microservices: [calc],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors: false } },
    });
    try {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', {
        method: 'OPTIONS',
        headers: { Origin: 'http://x.test' },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('calls a browser sends across origins without a preflight', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'are refused with 415 for Content-Type %s, before any method runs',
    async (type) => {
      const server = await startTestServer({ microservices: [calc] });
      try {
        const answer = await send(server.url, '/calc/multiplier/mulTwo', {
          headers: { 'Content-Type': type, Origin: 'http://elsewhere.test' },
          body: '{"a":2,"b":3}',
        });
        expect(answer.status).toBe(415);
      } finally {
        await server.close();
      }
    },
  );

  // `fetch(url, { method: 'POST', mode: 'no-cors', body: blob, headers: { Accept } })` sends no
  // Content-Type and a safelisted Accept: no preflight, whatever the configured origins.
  it('are refused with 415 without Content-Type, Accept naming the family, and a call runs only without Origin', async () => {
    const server = await startTestServer({
      microservices: [calc],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors: { origins: ['http://good.test'] } } },
    });
    try {
      const call = (headers: Record<string, string>, body: string) =>
        send(server.url, '/calc/multiplier/mulTwo', { headers, body });
      const xml = { 'X-SVC-Sequence-Name': 'libBParamArrayXmlInOutSequence' };
      const xmlBody = '<MulInput><a>2</a><b>3</b></MulInput>';
      for (const origin of ['http://elsewhere.test', 'http://good.test', 'null']) {
        const fromJson = await call(
          { Accept: 'application/json', Origin: origin },
          '{"a":2,"b":3}',
        );
        expect(fromJson.status).toBe(415);
        expect(fromJson.error?.message).toContain('send Content-Type naming application/json or');
        const fromXml = await call({ Accept: 'application/xml', Origin: origin, ...xml }, xmlBody);
        expect(fromXml.status).toBe(415);
        expect(fromXml.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(server.logs.filter((line) => line.msg === 'call' && line.status === 200)).toEqual([]);
      expect((await call({ Accept: 'application/json' }, '{"a":2,"b":3}')).text).toBe(
        '{"result":6}',
      );
    } finally {
      await server.close();
    }
  });
});

describe('CORS with credential origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          cors: { origins: ['http://good.test'], credentialOrigins: ['https://app.test'] },
        },
      },
    });
  });
  afterAll(() => server.close());

  it('allows the claim headers to a credential origin only', async () => {
    expect((await allowedHeaders(server, 'https://app.test')).sort()).toEqual(
      ['Accept', 'Content-Type', ...OPEN_HEADERS, ...CLAIM_HEADERS].sort(),
    );
    const open = await allowedHeaders(server, 'http://good.test');
    expect(open).toEqual(expect.arrayContaining(OPEN_HEADERS));
    expect(open.filter((header) => CLAIM_HEADERS.includes(header))).toEqual([]);
  });

  it('allows a credential origin as an origin too', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json({ Origin: 'https://app.test' }),
      body: '{"a":2,"b":3}',
    });
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.test');
  });

  it('answers preflights per origin with every origin allowed, so caches keep them apart', async () => {
    const open = await startTestServer({
      microservices: [calc],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          cors: { origins: '*', credentialOrigins: ['https://app.test'] },
        },
      },
    });
    try {
      const answer = await send(open.url, '/calc/multiplier/mulTwo', {
        method: 'OPTIONS',
        headers: { Origin: 'http://any.test' },
      });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers.vary).toBe('Origin');
      expect(await allowedHeaders(open, 'https://app.test')).toEqual(
        expect.arrayContaining(CLAIM_HEADERS),
      );
    } finally {
      await open.close();
    }
  });

  it.each([['*'], ['https://app.test/'], ['null'], ['app.test']])(
    'refuses %s as a credential origin at start',
    (origin) => {
      const cors = { credentialOrigins: [origin] };
      expect(() =>
        createMainServer({
          microservices: [calc],
          ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors } },
        }),
      ).toThrow('WEB_SERVICE_FACADE_HTTP.cors.credentialOrigins must be a list of exact origins');
    },
  );
});
