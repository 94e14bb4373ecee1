import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send, xml } from '../support/http';
import { waitFor } from '../support/wait';
import { rawRequest, sendRaw } from './support/raw-http';
import { SlowService, slowApp } from './support/services';
import { slowClient } from './support/slow-client';

const MUL_TWO = '{"a":2,"b":3}';

describe('a cap on concurrent calls per microservice', () => {
  const capped = new SlowService();
  const shared = new SlowService();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [slowApp('capped', 2, capped), slowApp('shared', undefined, shared), calc],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { maxConcurrentCalls: 3 } },
    });
  });
  afterAll(() => server.close());

  const sleep = (app: string, ms: number, headers = json()) =>
    send(server.url, `/${app}/slow/sleep`, { headers, body: String(ms) });

  it('answers 503 OVERLOADED with Retry-After beyond the microservice’s own cap, without queueing', async () => {
    const running = [sleep('capped', 500), sleep('capped', 500)];
    await waitFor(() => capped.started === 2);
    const refused = await sleep('capped', 1);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.error).toMatchObject({ status: 503, code: 'OVERLOADED' });
    expect(refused.error?.message).toContain('limit of 2 calls');
    expect(capped.started).toBe(2);
    const xmlRefused = await sleep('capped', 1, xml('libB'));
    expect(xmlRefused.status).toBe(503);
    expect(xmlRefused.text).toMatch(/^<error><status>503<\/status><code>OVERLOADED<\/code>/);
    // Other microservices are not held up by the full one.
    const other = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: MUL_TWO,
    });
    expect(other).toMatchObject({ status: 200, text: '{"result":6}' });
    expect((await Promise.all(running)).map((a) => a.status)).toEqual([200, 200]);
    expect(await sleep('capped', 1)).toMatchObject({ status: 200, text: '1' });
  });

  it('takes the default cap from WEB_SERVICE_FACADE_HTTP.maxConcurrentCalls', async () => {
    const before = shared.started;
    const running = [1, 2, 3].map(() => sleep('shared', 400));
    await waitFor(() => shared.started === before + 3);
    const refused = await sleep('shared', 1);
    expect(refused.error?.code).toBe('OVERLOADED');
    expect((await Promise.all(running)).map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('gives back the slot of a call answered at once, whatever its outcome', async () => {
    const one = await startTestServer({ microservices: [slowApp('single', 1)] });
    try {
      const call = (method: string, body: string) =>
        send(one.url, `/single/slow/${method}`, { headers: json(), body });
      // Methods that return a value, throw, or get arguments they cannot bind, 30 at once each:
      // none waits for another, so a cap of one refuses none of them.
      const answers = await Promise.all(
        Array.from(
          { length: 30 },
          (_, i) => [call('quick', String(i)), call('boom', '1'), call('quick', '"x"')][i % 3],
        ),
      );
      expect(answers.map((a) => a?.status)).toEqual(
        Array.from({ length: 30 }, (_, i) => [200, 500, 400][i % 3]),
      );
      expect(await call('quick', '5')).toMatchObject({ status: 200, text: '5' });
    } finally {
      await one.close();
    }
  });

  it('refuses a cap that is not a positive integer', async () => {
    await expect(
      startTestServer({ microservices: [slowApp('bad', 0)] }).then((s) => s.close()),
    ).rejects.toThrow(/maxConcurrentCalls/);
  });
});

describe('header limits: 431 with the error envelope', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      http: { maxHeaderCount: 20, maxHeaderBytes: 4096 },
    });
  });
  afterAll(() => server.close());

  const withLines = (count: number, contentType = 'application/json') => {
    const lines: [string, string][] = [
      ['Host', 'x'],
      ['Content-Type', contentType],
      ['X-SVC-Request-ID', 'count-1'],
      ['Content-Length', String(MUL_TWO.length)],
    ];
    for (let i = lines.length; i < count; i++) lines.push([`X-Pad-${i}`, 'v']);
    return rawRequest('POST', '/calc/multiplier/mulTwo', lines, MUL_TWO);
  };

  it('serves maxHeaderCount header lines and refuses one more, in the request’s family', async () => {
    expect(await sendRaw(server.url, withLines(20))).toMatchObject({
      status: 200,
      body: '{"result":6}',
    });
    const json431 = await sendRaw(server.url, withLines(21));
    expect(json431.status).toBe(431);
    expect(JSON.parse(json431.body)).toEqual({
      error: {
        status: 431,
        code: 'HEADERS_TOO_LARGE',
        message: 'more than 20 header lines',
        requestId: 'count-1',
      },
    });
    expect(json431.headers['x-svc-request-id']).toBe('count-1');
    const xml431 = await sendRaw(server.url, withLines(21, 'application/xml'));
    expect(xml431.status).toBe(431);
    expect(xml431.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml431.body).toContain('<code>HEADERS_TOO_LARGE</code>');
  });

  it('refuses a head over maxHeaderBytes with the JSON envelope and closes', async () => {
    const answer = await sendRaw(
      server.url,
      rawRequest('POST', '/calc/multiplier/mulTwo', [
        ['Host', 'x'],
        ['X-Big', 'a'.repeat(5000)],
      ]),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { error } = JSON.parse(answer.body);
    expect(error).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
    expect(error.requestId).toBe(answer.headers['x-svc-request-id']);
    const ok = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: MUL_TWO,
    });
    expect(ok.status).toBe(200);
  });

  it('answers what the HTTP parser refuses with 400 BAD_REQUEST in the envelope', async () => {
    for (const bad of [
      'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n',
      'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'BREW /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /calc/multiplier/mulTwo HTTP/9.9\r\n\r\n',
      'garbage\r\n\r\n',
    ]) {
      const answer = await sendRaw(server.url, bad);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
  });

  it('refuses limits that are not positive integers', async () => {
    await expect(
      startTestServer({ microservices: [calc], http: { maxHeaderCount: -1 } }),
    ).rejects.toThrow(/http.maxHeaderCount/);
  });
});

describe('slow clients, several at once, while others are served', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [calc],
      http: { headersTimeoutMs: 600, requestTimeoutMs: 1200 },
    });
  });
  afterAll(() => server.close());

  const HEAD = 'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\n';

  it('cuts off every trickler and silent connection with 408, and serves normal calls meanwhile', async () => {
    const clients = [
      ...[1, 2, 3, 4].map(() => slowClient(server.url, `${HEAD}X-Slow: `)),
      ...[1, 2, 3, 4].map(() =>
        slowClient(
          server.url,
          `${HEAD}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":`,
        ),
      ),
      ...[1, 2].map(() => slowClient(server.url, '', 0)),
    ];
    const normal = [];
    for (let i = 0; i < 20; i++) {
      normal.push(
        await send(server.url, '/calc/multiplier/mulTwo', { headers: json(), body: MUL_TWO }),
      );
    }
    expect(normal.every((a) => a.status === 200 && a.text === '{"result":6}')).toBe(true);
    // The normal calls did not wait for the slow ones to be cut off.
    expect(clients.filter((c) => c.open).length).toBeGreaterThan(0);
    const ends = await Promise.all(clients.map((c) => c.done));
    for (const end of ends) {
      expect(end.byServer).toBe(true);
      expect(end.text).toMatch(
        /^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*"code":"REQUEST_TIMEOUT"/,
      );
    }
  });
});
