import http from 'node:http';
import { createMainServer, type MainServerConfig } from 'portico';
import { calc } from '../fixtures/services';
import { type Answer, json, send, xml } from '../support/http';

/** Middleware that throws what the request's `X-Throw` header names, before or after portico. */
async function thrower(ctx: import('koa').Context, next: () => Promise<unknown>): Promise<void> {
  switch (ctx.get('X-Throw')) {
    case 'error':
      throw new Error('the token store at 10.0.0.7 is down');
    case 'string':
      throw 'x';
    case 'null':
      throw null;
    case '401':
      ctx.throw(401, 'token expired', { headers: { 'WWW-Authenticate': 'Bearer' } });
      break;
    case '403':
      ctx.throw(403);
      break;
    case '429':
      throw Object.assign(new Error('slow down'), { status: 429, expose: true });
    case '500':
      ctx.throw(500, 'the password of db at 10.0.0.7 is wrong');
      break;
    case '503':
      ctx.throw(503, 'store at 10.0.0.7 in maintenance');
      break;
    case 'after':
      await next();
      throw new Error('after the call at 10.0.0.7');
    case 'forged-id':
      ctx.throw(401, 'token expired', { headers: { 'x-svc-request-id': 'forged' } });
      break;
    case 'forged-id-after':
      await next();
      throw Object.assign(new Error('gone'), { status: 503, headers: { 'X-SVC-Request-ID': 'f' } });
    case 'ended':
      ctx.res.writeHead(200).end('answered');
      throw new Error('after the end');
    case 'streamed':
      ctx.res.writeHead(200, { 'Content-Type': 'text/plain' });
      ctx.res.write('partial');
      throw new Error('mid-answer');
  }
  await next();
}

/** A main server whose middleware throws on demand, and the lines it logs. */
async function start(config: Partial<MainServerConfig> = {}) {
  const logs: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => logs.push(JSON.parse(line)) };
  const main = createMainServer({ microservices: [calc], logStream, ...config });
  main.app.use(thrower);
  main.app.use((ctx, next) => {
    // Koa's chain turns a synchronous throw into a rejection: it is answered alike.
    if (ctx.get('X-Throw') === 'sync') throw new Error('sync at 10.0.0.7');
    return next();
  });
  const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  const errorLines = (requestId: string) =>
    logs.filter((line) => line.msg === 'unhandled error' && line.requestId === requestId);
  return { main, url, logs, errorLines };
}

let requestIds = 0;

/** A call of `mulTwo` whose middleware throws `what`, with a request id of its own. */
function callThrowing(url: string, what: string, headers = json()): Promise<Answer> {
  const requestId = `mw-${++requestIds}`;
  return send(url, '/calc/multiplier/mulTwo', {
    headers: { ...headers, 'X-Throw': what, 'X-SVC-Request-ID': requestId },
    body:
      headers['Content-Type'] === 'application/xml' ? '<in><a>2</a><b>3</b></in>' : '{"a":2,"b":3}',
  });
}

describe('an error thrown by middleware added with app.use', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start({
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { cors: { origins: ['https://app.example'] } } },
    });
  });
  afterAll(() => server.main.close());
  afterEach(async () => {
    // The server keeps serving after each.
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect([answer.status, answer.text]).toEqual([200, '{"result":6}']);
  });

  it.each([
    ['error', 'async'],
    ['sync', 'sync'],
    ['string', "a thrown string ('x')"],
    ['null', 'a thrown null'],
    ['500', 'ctx.throw(500)'],
  ])(
    'is a 500 INTERNAL_ERROR in JSON without its detail, logged once with the request id: %s (%s)',
    async (what) => {
      const answer = await callThrowing(server.url, what);
      expect(answer.status).toBe(500);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const requestId = answer.headers['x-svc-request-id'] as string;
      expect(answer.error).toEqual({
        status: 500,
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
        requestId,
      });
      expect(answer.text).not.toContain('10.0.0.7');
      const lines = server.errorLines(requestId);
      expect(lines.map((line) => line.level)).toEqual([50]);
    },
  );

  it('is answered in XML to an XML request', async () => {
    const answer = await callThrowing(server.url, 'error', xml('libB'));
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.text).toMatch(/^<error><status>500<\/status><code>INTERNAL_ERROR<\/code>/);
    expect(answer.error?.requestId).toBe(answer.headers['x-svc-request-id']);
  });

  it('is answered in JSON to a request that names neither family, on any route', async () => {
    const answer = await send(server.url, '/-/live', {
      method: 'GET',
      headers: { 'X-Throw': 'error' },
    });
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.error?.code).toBe('INTERNAL_ERROR');
    expect(answer.error?.requestId).toMatch(/\S/);
    expect(answer.error?.requestId).toBe(answer.headers['x-svc-request-id']);
  });

  it("keeps ctx.throw's 4xx status, its message and its headers, with the status's code", async () => {
    const unauthorized = await callThrowing(server.url, '401');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['www-authenticate']).toBe('Bearer');
    expect(unauthorized.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'token expired' });
    const forbidden = await callThrowing(server.url, '403');
    expect([forbidden.status, forbidden.error?.code, forbidden.error?.message]).toEqual([
      403,
      'FORBIDDEN',
      'Forbidden',
    ]);
    const tooMany = await callThrowing(server.url, '429');
    expect([tooMany.status, tooMany.error?.code, tooMany.error?.message]).toEqual([
      429,
      'TOO_MANY_REQUESTS',
      'slow down',
    ]);
  });

  it("keeps ctx.throw's 5xx status, without its message", async () => {
    const answer = await callThrowing(server.url, '503');
    expect(answer.status).toBe(503);
    expect(answer.error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service Unavailable',
    });
  });

  it('replaces the answer of a call when thrown after `await next()`, under its request id', async () => {
    const answer = await callThrowing(server.url, 'after');
    expect(answer.status).toBe(500);
    expect(answer.error?.code).toBe('INTERNAL_ERROR');
    expect(answer.error?.requestId).toBe(`mw-${requestIds}`);
    expect(answer.headers['x-svc-request-id']).toBe(`mw-${requestIds}`);
    expect(server.errorLines(`mw-${requestIds}`)).toHaveLength(1);
  });

  it('logs the call with the status that the client got when thrown after `await next()`', async () => {
    const answer = await callThrowing(server.url, 'after');
    const requestId = `mw-${requestIds}`;
    const calls = server.logs.filter((line) => line.msg === 'call' && line.requestId === requestId);
    expect(calls.map((line) => [line.status, line.target])).toEqual([
      [answer.status, 'calc/multiplier/mulTwo'],
    ]);
    expect(answer.status).toBe(500);
  });

  it("keeps the entry point's Connection: close of a 413 when thrown after `await next()`", async () => {
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json({ 'X-Throw': 'after', 'Content-Length': String(2 << 20) }),
      body: '{"a":2,"b":3}',
    });
    expect([answer.status, answer.headers.connection]).toEqual([500, 'close']);
  });

  it("answers under the entry point's request id, not one that the error's headers name", async () => {
    for (const what of ['forged-id', 'forged-id-after']) {
      const answer = await callThrowing(server.url, what);
      expect([answer.status, answer.headers['x-svc-request-id'], answer.error?.requestId]).toEqual([
        what === 'forged-id' ? 401 : 503,
        `mw-${requestIds}`,
        `mw-${requestIds}`,
      ]);
    }
  });

  it("carries the entry point's CORS headers to an allowed origin", async () => {
    const answer = await callThrowing(server.url, '401', json({ Origin: 'https://app.example' }));
    expect(answer.status).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(answer.headers['access-control-expose-headers']).toBe('X-SVC-Request-ID');
    expect(answer.headers.vary).toBe('Origin');
  });

  it('once the answer began, cuts its connection, writes nothing more and logs it once', async () => {
    const requestId = 'mw-streamed';
    const cut = await new Promise<string>((resolve) => {
      const { port } = new URL(server.url);
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'GET',
          path: '/-/live',
          headers: { 'X-Throw': 'streamed', 'X-SVC-Request-ID': requestId },
          agent: false,
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk;
          });
          res.on('error', () => resolve(`cut after ${text}`));
          res.on('end', () => resolve(`ended after ${text}`));
        },
      );
      req.on('error', (error) => resolve(`failed: ${error.message}`));
      req.end();
    });
    expect(cut).toBe('cut after partial');
    expect(server.errorLines(requestId).map((line) => line.level)).toEqual([50]);
  });
});

describe('an error thrown by middleware after it ended the answer itself', () => {
  it('leaves the answer as it was, and is logged once', async () => {
    const server = await start();
    try {
      const headers = { 'X-Throw': 'ended', 'X-SVC-Request-ID': 'mw-ended' };
      const answer = await send(server.url, '/-/live', { method: 'GET', headers });
      expect([answer.status, answer.text]).toEqual([200, 'answered']);
      expect(server.errorLines('mw-ended')).toHaveLength(1);
    } finally {
      await server.main.close();
    }
  });
});

describe('an error thrown by middleware in development mode', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start({ development: true });
  });
  afterAll(() => server.main.close());

  it('shows its message, never a stack', async () => {
    const answer = await callThrowing(server.url, 'error');
    expect(answer.error).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'the token store at 10.0.0.7 is down',
    });
    const thrownString = await callThrowing(server.url, 'string');
    expect(thrownString.error?.message).toBe('non-error thrown: "x"');
    const unavailable = await callThrowing(server.url, '503');
    expect(unavailable.error?.message).toBe('store at 10.0.0.7 in maintenance');
  });
});
