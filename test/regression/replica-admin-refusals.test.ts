import { once } from 'node:events';
import net from 'node:net';
import { type ReplicaAdmin } from '../../src/server/replica-admin';
import { rawRequest, sendRaw } from '../hardening/support/raw-http';
import { startIdleReplicaAdmin } from '../support/replica-admin-stub';

// Bug: a replica's admin port answered bytes its parser refused with Node's bare 400 (no body),
// and its refusals under a fresh request id, not the caller's X-SVC-Request-ID.
describe("a replica's admin port", () => {
  let admin: ReplicaAdmin;
  let url: string;
  beforeAll(async () => {
    const started = await startIdleReplicaAdmin();
    admin = started.admin;
    url = started.url;
  });
  afterAll(() => admin.close());

  const envelopeOf = (body: string) => JSON.parse(body).error as Record<string, unknown>;

  it('answers its refusals under the caller request id', async () => {
    const headers: [string, string][] = [
      ['Host', 'x'],
      ['X-SVC-Request-ID', 'admin-1'],
    ];
    for (const [method, target, status] of [
      ['POST', '/-/ready', 405],
      ['GET', '/-/nothing', 404],
    ] as const) {
      const answer = await sendRaw(url, rawRequest(method, target, headers));
      expect(answer.status).toBe(status);
      expect(answer.headers['x-svc-request-id']).toBe('admin-1');
      expect(envelopeOf(answer.body)).toMatchObject({ status, requestId: 'admin-1' });
    }
  });

  // As on a main server's admin port (test/regression/options-asterisk-404): OPTIONS * asks about
  // the server as a whole, and the asterisk is only for OPTIONS. It was 405 and 404.
  it('answers OPTIONS * with 200 and Allow: GET, HEAD, and another method with * 400', async () => {
    const headers: [string, string][] = [
      ['Host', 'x'],
      ['X-SVC-Request-ID', 'admin-2'],
    ];
    const options = await sendRaw(url, rawRequest('OPTIONS', '*', headers));
    expect(options).toMatchObject({ status: 200, body: '' });
    expect(options.headers).toMatchObject({ allow: 'GET, HEAD', 'x-svc-request-id': 'admin-2' });
    const get = await sendRaw(url, rawRequest('GET', '*', headers));
    expect(get.status).toBe(400);
    expect(envelopeOf(get.body)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'the request target * is only for OPTIONS (RFC 9112 §3.2.4): GET needs a path',
      requestId: 'admin-2',
    });
  });

  it.each([
    ['bad syntax', 'GET /-/live HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'a head over the limit',
      `GET /-/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
  ])('answers %s with the error envelope, and closes', async (_, request, status, code) => {
    const answer = await sendRaw(url, request);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const envelope = envelopeOf(answer.body);
    expect(envelope).toMatchObject({ status, code });
    expect(answer.headers['x-svc-request-id']).toBe(envelope.requestId);
    expect(answer.headers.connection).toBe('close');
    expect((await sendRaw(url, rawRequest('GET', '/-/live', [['Host', 'x']]))).status).toBe(200);
  });

  // Bug: the port had Node's own answers where a main server's ports have the guards of
  // src/server/http-server.ts: a missing Host was a bare 400, CONNECT dropped the connection
  // unanswered, an unknown Expect was a bare 417, and two Hosts, a Host that is no host, HTTP/2.0
  // and an absolute target (which RFC 9112 §3.2.2 asks a server to take) were taken or 404.
  it.each([
    ['no Host', 'GET /-/live HTTP/1.1\r\n\r\n', 400, 'an HTTP/1.1 request must have a Host header'],
    [
      'two Hosts',
      'GET /-/live HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n',
      400,
      'Host is sent more than once',
    ],
    [
      'a Host that is no host',
      'GET /-/live HTTP/1.1\r\nHost: a b\r\n\r\n',
      400,
      'is not a host and port',
    ],
    ['HTTP/2.0', 'GET /-/live HTTP/2.0\r\nHost: x\r\n\r\n', 400, 'HTTP/2.0 is not supported'],
    ['CONNECT', 'CONNECT x:80 HTTP/1.1\r\nHost: x:80\r\n\r\n', 405, 'CONNECT is not allowed'],
  ])(
    'answers %s with the error envelope, as a main server does',
    async (_, request, status, message) => {
      const answer = await sendRaw(url, request);
      expect(answer.status).toBe(status);
      expect(envelopeOf(answer.body).message).toContain(message);
      expect((await sendRaw(url, rawRequest('GET', '/-/live', [['Host', 'x']]))).status).toBe(200);
    },
  );

  it('takes an absolute target and ignores an Expect it does not know, as a main server does', async () => {
    const absolute = await sendRaw(url, rawRequest('GET', 'http://x/-/live', [['Host', 'x']]));
    expect(absolute).toMatchObject({ status: 200, body: '{"status":"live"}' });
    const expect417 = await sendRaw(
      url,
      rawRequest('GET', '/-/live', [
        ['Host', 'x'],
        ['Expect', 'x'],
      ]),
    );
    expect(expect417).toMatchObject({ status: 200, body: '{"status":"live"}' });
  });

  it('answers a head that comes too slowly with 408 and the envelope, as the main server does', async () => {
    const socket = net.connect(admin.port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    const closed = once(socket, 'close');
    // A head never finished: Node's own limits held such a connection for a minute or more.
    socket.write('GET /-/live HTTP/1.1\r\nHost: x\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });
});
