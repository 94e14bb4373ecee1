import { createMainServer, nativeApp, type Transport } from 'portico';
import { calc, NotEnabled, ProbeService, probe } from '../fixtures/services';
import { PLACEMENTS, startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';

describe.each(PLACEMENTS)('errors (%s)', (placement) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      {
        microservices: [calc, probe],
        ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 300, maxBodyBytes: 4096 } },
      },
      placement,
    );
  });
  afterAll(() => server.close());

  describe('404: every name that is not a remote method, all alike', () => {
    it.each([
      '/nope/multiplier/mulTwo',
      '/calc/nope/mulTwo',
      '/calc/multiplier/nope',
      '/calc/multiplier/constructor',
      '/calc/multiplier/toString',
      '/calc/multiplier/__proto__',
      '/calc/multiplier/hasOwnProperty',
      '/calc/__proto__/mulTwo',
      '/calc/constructor/name',
      '/probe/probe/notRemote',
      '/probe/probe/inherited',
      '/probe/probe/calls',
      '/calc/multiplier',
      '/calc/multiplier/mulTwo/extra',
      '/calc//mulTwo',
      '/',
      '/calc',
    ])('%s', async (path) => {
      const answer = await send(server.url, path, { headers: json(), body: '{"a":2,"b":3}' });
      expect(answer.status).toBe(404);
      expect(answer.error).toMatchObject({
        status: 404,
        code: 'METHOD_NOT_FOUND',
        message: 'no such remote method',
      });
    });
  });

  it('405 for any other HTTP method, with Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
      const answer = await send(server.url, '/calc/multiplier/mulTwo', { method, headers: json() });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST, OPTIONS');
      if (method !== 'HEAD') expect(answer.error?.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('413 for a declared body over the limit, before reading it', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: `{"a":2,"b":3,"pad":"${'x'.repeat(5000)}"}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'the body is larger than 4096 bytes',
    });
  });

  it('413 for a chunked body that grows over the limit', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json({ 'Transfer-Encoding': 'chunked' }),
      body: `{"a":2,"b":3,"pad":"${'x'.repeat(5000)}"}`,
    });
    expect(answer.status).toBe(413);
    const after = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(after.status).toBe(200);
  });

  it('400 for malformed JSON and XML bodies, naming the argument', async () => {
    const badJson = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,',
    });
    expect(badJson.status).toBe(400);
    expect(badJson.error?.message).toMatch(/^argument 0 \(MulInput\): not valid JSON/);
    const badXml = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: xml('libB'),
      body: '<MulInput><a>2</a>',
    });
    expect(badXml.status).toBe(400);
    expect(badXml.error?.message).toContain('argument 0 (MulInput)');
    const empty = await send(server.url, '/calc/multiplier/mulTwo', { headers: json(), body: '' });
    expect(empty.status).toBe(400);
  });

  it('400 for a body that is not UTF-8', async () => {
    const answer = await send(server.url, '/probe/probe/echo', {
      headers: json(),
      body: Buffer.from([0x22, 0xc3, 0x28, 0x22]),
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toContain('UTF-8');
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const answer = await send(server.url, '/probe/probe/echo', {
      headers: json(),
      body: '\uFEFF"é"',
    });
    expect(answer).toMatchObject({ status: 200, text: '"é"' });
  });

  it('400 for a body with two byte order marks, in JSON and in XML', async () => {
    const body = '<MulInput><a>2</a><b>3</b></MulInput>';
    const once = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: xml('libB'),
      body: `\uFEFF${body}`,
    });
    expect(once.status).toBe(200);
    for (const [headers, text] of [
      [xml('libB'), body],
      [json(), '{"a":2,"b":3}'],
    ] as const) {
      const twice = await send(server.url, '/calc/multiplier/mulTwo', {
        headers,
        body: `\uFEFF\uFEFF${text}`,
      });
      expect(twice.status).toBe(400);
      expect(twice.error?.message).toContain('two byte order marks');
    }
  });

  it('400 for an argument that cannot bind, naming the argument and the field', async () => {
    const answer = await send(server.url, '/calc/multiplier/mulFour', {
      headers: json({ 'X-SVC-API-ID': 'RMC' }),
      body: '[2,"3"]',
    });
    expect(answer.error).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: 'argument 1 (int): expected an integer, got "3"',
    });
  });

  it('keeps a typed remote error of the service: code and status', async () => {
    const answer = await send(server.url, '/probe/probe/fail', {
      headers: json(),
      body: '"typed"',
    });
    expect(answer.status).toBe(409);
    expect(answer.error).toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'nothing left',
    });
  });

  it('500 with a hidden message and no stack for an unexpected error', async () => {
    const answer = await send(server.url, '/probe/probe/fail', { headers: json(), body: '"boom"' });
    expect(answer.status).toBe(500);
    expect(answer.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect(answer.text).not.toContain('boom');
    expect(answer.text).not.toContain('at ');
  });

  it('504 when the method outlives the call timeout, and serves on', async () => {
    const answer = await send(server.url, '/probe/probe/sleep', { headers: json(), body: '700' });
    expect(answer.status).toBe(504);
    expect(answer.error?.code).toBe('DEADLINE_EXCEEDED');
    const quick = await send(server.url, '/probe/probe/sleep', { headers: json(), body: '1' });
    expect(quick).toMatchObject({ status: 200, text: '1' });
  });

  it('204 with no body for a void method', async () => {
    const answer = await send(server.url, '/probe/probe/forget', { headers: json(), body: '1' });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });

  it('answers errors of XML calls in XML', async () => {
    const answer = await send(server.url, '/calc/multiplier/nope', {
      headers: xml('libA'),
      body: '<int>1</int>',
    });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.error?.code).toBe('METHOD_NOT_FOUND');
  });
});

describe('the order of checks (docs/design.md §4)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc, probe],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { maxBodyBytes: 64 } },
    });
  });
  afterAll(() => server.close());

  interface Case {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  const big = `{"a":2,"b":3,"pad":"${'x'.repeat(100)}"}`;
  it.each<[string, Case, number]>([
    ['405 before 404', { method: 'GET', path: '/nope/x/y' }, 405],
    [
      '404 microservice before 415',
      { path: '/nope/x/y', headers: { 'Content-Type': 'text/plain' } },
      404,
    ],
    [
      '415 before a bad header',
      { headers: { 'Content-Type': 'text/plain', 'X-SVC-API-ID': 'bad' } },
      415,
    ],
    [
      '406 before a bad header',
      {
        headers: { 'Content-Type': 'application/json', Accept: 'text/html', 'X-SVC-API-ID': 'bad' },
      },
      406,
    ],
    [
      '415 sequence of the other family before a bad header',
      {
        headers: { 'Content-Type': 'application/xml', 'X-SVC-API-ID': 'bad' },
        body: '<MulInput><a>2</a><b>3</b></MulInput>',
      },
      415,
    ],
    [
      '400 header before 413',
      { headers: { 'Content-Type': 'application/json', 'X-SVC-API-ID': 'bad' }, body: big },
      400,
    ],
    ['413 before an unknown method', { path: '/calc/multiplier/nope', body: big }, 413],
    [
      '404 method before arity',
      {
        path: '/calc/multiplier/nope',
        headers: { 'Content-Type': 'application/json', 'X-SVC-API-ID': 'RMC' },
        body: '[1,2,3]',
      },
      404,
    ],
    ['400 binding before 403', { path: '/probe/probe/secret', body: '"x"' }, 400],
    ['403 before the call', { path: '/probe/probe/secret', body: '1' }, 403],
  ])('%s', async (_, request, status) => {
    const answer = await send(server.url, request.path ?? '/calc/multiplier/mulTwo', {
      method: request.method ?? 'POST',
      headers: request.headers ?? json(),
      body: request.body ?? '{"a":2,"b":3}',
    });
    expect(answer.status).toBe(status);
  });
});

describe('development mode', () => {
  it('shows the message and stack of an unexpected error', async () => {
    const server = await startTestServer({ microservices: [probe], development: true });
    try {
      const answer = await send(server.url, '/probe/probe/fail', {
        headers: json(),
        body: '"boom"',
      });
      expect(answer.status).toBe(500);
      expect(answer.error?.message).toContain('internal detail boom');
      expect(answer.error?.message).toContain('services.ts');
    } finally {
      await server.close();
    }
  });
});

describe('503', () => {
  it('answers 503 when the carrier cannot reach the microservice, and keeps serving the others', async () => {
    const unreachable: Transport = {
      placement: 'unreachable',
      call: () => Promise.reject(new Error('connection refused')),
      close: () => Promise.resolve(),
    };
    const main = createMainServer(
      {
        logLevel: 'silent',
        microservices: [
          calc,
          nativeApp({
            name: 'far',
            services: [ProbeService],
            placement: { nats: { servers: ['nats://127.0.0.1:1'] } },
          }),
        ],
      },
      () => unreachable,
    );
    const port = await main.listen(0, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${port}`;
      const answer = await send(url, '/far/probe/echo', { headers: json(), body: '"x"' });
      expect(answer.status).toBe(503);
      expect(answer.error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'the microservice is not reachable',
      });
      expect(answer.text).not.toContain('connection refused');
      expect(
        (await send(url, '/calc/multiplier/mulTwo', { headers: json(), body: '{"a":2,"b":3}' }))
          .status,
      ).toBe(200);
    } finally {
      await main.close();
    }
  });
});

describe('deploying', () => {
  it('refuses a class that is not enabled for remote calls', () => {
    expect(() =>
      createMainServer({
        logLevel: 'silent',
        microservices: [nativeApp({ name: 'x', services: [NotEnabled] })],
      }),
    ).toThrow('NotEnabled is not enabled for remote calls');
  });

  it('refuses two microservices with one name', () => {
    expect(() => createMainServer({ logLevel: 'silent', microservices: [calc, calc] })).toThrow(
      'used twice',
    );
  });
});
