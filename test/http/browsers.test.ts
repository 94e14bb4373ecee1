import { calc } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';

const SVC_HEADERS = [
  'X-SVC-API-ID',
  'X-SVC-Privilege-Names',
  'X-SVC-Locale',
  'X-SVC-Sequence-Name',
  'X-SVC-Request-ID',
  'X-SVC-Session-ID',
  'X-SVC-User',
  'X-SVC-Client-Application-Name',
  'X-SVC-IP',
];

describe.each(PLACEMENTS)('CORS on the entry point (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] }, placement);
  });
  afterAll(() => server.close());

  it('answers a preflight with 204 and every header a browser needs', async () => {
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
    expect(allowed).toEqual(expect.arrayContaining(['Content-Type', 'Accept', ...SVC_HEADERS]));
    expect(answer.headers['access-control-max-age']).toBe('600');
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
