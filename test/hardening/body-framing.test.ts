import net from 'node:net';
import zlib from 'node:zlib';
import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { rawRequest, sendRaw } from './support/raw-http';

const CALL = '/calc/multiplier/mulTwo';
const BODY = '{"a":2,"b":3}';

/** A call of mulTwo whose body is `body`, sent with these extra header lines. */
function call(extra: readonly (readonly [string, string])[], body: Buffer | string) {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return rawRequest(
    'POST',
    CALL,
    [
      ['Host', 'x'],
      ['Content-Type', 'application/json'],
      ['Content-Length', String(length)],
      ...extra,
    ],
    body,
  );
}

/** Every byte the server sends on one connection until it closes it (kept alive, at its timeout). */
function untilClosed(baseUrl: string, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(request);
  });
}

// Bug: the body reader ignored Content-Encoding. A gzipped body was refused as "not valid
// UTF-8", and a body that named a coding over plain text was taken as plain text.
describe('a body with a Content-Encoding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  it.each([
    ['gzip', zlib.gzipSync(BODY)],
    ['deflate', zlib.deflateSync(BODY)],
    ['br', zlib.brotliCompressSync(BODY)],
    ['x-unknown', Buffer.from(BODY)],
    ['gzip, identity', zlib.gzipSync(BODY)],
    ['identity, gzip', zlib.gzipSync(BODY)],
  ])('is 415 naming the coding, unread: %s', async (coding, body) => {
    const answer = await sendRaw(server.url, call([['Content-Encoding', coding]], body));
    expect([answer.status, answer.headers['accept-encoding']]).toEqual([415, 'identity']);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `Content-Encoding ${coding} is not supported: send the body uncompressed`,
    });
  });

  it('shows only the first 64 characters of a long coding', async () => {
    const coding = `x-${'a'.repeat(200)}`;
    const answer = await sendRaw(server.url, call([['Content-Encoding', coding]], BODY));
    expect(JSON.parse(answer.body).error.message).toBe(
      `Content-Encoding ${coding.slice(0, 64)}… is not supported: send the body uncompressed`,
    );
  });

  it('is 415 for a compression bomb, which is never inflated', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 << 20, 0x20));
    const answer = await sendRaw(server.url, call([['Content-Encoding', 'gzip']], bomb));
    expect(answer.status).toBe(415);
  });

  it('is served when the coding is identity', async () => {
    for (const coding of ['identity', 'IDENTITY', '', ' identity ', 'identity, identity', ',']) {
      const answer = await sendRaw(server.url, call([['Content-Encoding', coding]], BODY));
      expect([answer.status, answer.body]).toEqual([200, '{"result":6}']);
    }
  });

  // Node joins repeated Content-Encoding lines with ", ": two identity lines are one list.
  it('is served when identity is sent on two lines', async () => {
    const twice = call(
      [
        ['Content-Encoding', 'identity'],
        ['Content-Encoding', 'Identity'],
      ],
      BODY,
    );
    const answer = await sendRaw(server.url, twice);
    expect([answer.status, answer.body]).toEqual([200, '{"result":6}']);
  });
});

// Bug: Node reads an HTTP/1.0 request with Transfer-Encoding as chunked and keeps its
// connection; RFC 9112 §6.1 calls its framing faulty, and a proxy that reads it as HTTP/1.0
// takes its chunks for the request after it. Node also takes `gzip, chunked` and hands on the
// gzipped bytes, which the body reader called "not valid UTF-8".
describe('a Transfer-Encoding that cannot frame the request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  it('is a 400 with the envelope, and its connection is closed before a request behind it', async () => {
    const chunked =
      `POST ${CALL} HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n` +
      `Content-Type: application/json\r\nX-SVC-Request-ID: te-1\r\n\r\n` +
      `${BODY.length.toString(16)}\r\n${BODY}\r\n0\r\n\r\n`;
    const behind = `GET /-/live HTTP/1.1\r\nHost: x\r\n\r\n`;
    const answer = await sendRaw(server.url, chunked);
    expect([answer.status, answer.headers.connection]).toEqual([400, 'close']);
    expect(JSON.parse(answer.body).error).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'an HTTP/1.0 request cannot have Transfer-Encoding',
      requestId: 'te-1',
    });
    const all = await untilClosed(server.url, chunked + behind);
    expect(all.match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 400']);
  });

  it('is a 400 in HTTP/1.1 too, with a coding before chunked that Node lets through', async () => {
    const gzipped = zlib.gzipSync(BODY);
    const request = Buffer.concat([
      Buffer.from(
        `POST ${CALL} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n` +
          `Content-Type: application/json\r\n\r\n${gzipped.length.toString(16)}\r\n`,
      ),
      gzipped,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answer = await sendRaw(server.url, request);
    expect([answer.status, answer.headers.connection]).toEqual([400, 'close']);
    expect(JSON.parse(answer.body).error.message).toBe(
      'Transfer-Encoding gzip, chunked is not supported: send chunked alone',
    );
  });

  it('shows only the first 64 characters of a long Transfer-Encoding', async () => {
    const coding = `x-${'a'.repeat(200)}, chunked`;
    const request =
      `POST ${CALL} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ${coding}\r\n` +
      `Content-Type: application/json\r\n\r\nd\r\n${BODY}\r\n0\r\n\r\n`;
    const answer = await sendRaw(server.url, request);
    expect(JSON.parse(answer.body).error.message).toBe(
      `Transfer-Encoding ${coding.slice(0, 64)}… is not supported: send chunked alone`,
    );
  });

  it('leaves HTTP/1.0 with Content-Length and HTTP/1.1 chunked served', async () => {
    const plain = `POST ${CALL} HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n${BODY}`;
    expect(await sendRaw(server.url, plain)).toMatchObject({ status: 200, body: '{"result":6}' });
    const chunked =
      `POST ${CALL} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n` +
      `Content-Type: application/json\r\nConnection: close\r\n\r\nd\r\n${BODY}\r\n0\r\n\r\n`;
    expect(await sendRaw(server.url, chunked)).toMatchObject({ status: 200, body: '{"result":6}' });
  });
});

// Bug: Node keeps the first of two Content-Type lines and drops the other without a word, where
// a proxy in front may read the last: each would read the body as another family.
describe('a Content-Type sent on two lines', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  const twice = (first: string, second: string, body: string) =>
    sendRaw(
      server.url,
      rawRequest(
        'POST',
        CALL,
        [
          ['Host', 'x'],
          ['Content-Type', first],
          ['X-SVC-Sequence-Name', 'libBParamArrayXmlInOutSequence'],
          ['content-type', second],
          ['Content-Length', String(body.length)],
        ],
        body,
      ),
    );

  it('is a 415 saying so, in the family of the first, whatever the two are', async () => {
    const xmlFirst = await twice(
      'application/xml',
      'application/json',
      '<MulInput><a>2</a><b>3</b></MulInput>',
    );
    expect(xmlFirst.status).toBe(415);
    expect(xmlFirst.body).toMatch(
      /^<error><status>415<\/status><code>UNSUPPORTED_MEDIA_TYPE<\/code><message>Content-Type is sent more than once: send it once<\/message>/,
    );
    for (const [first, second] of [
      ['application/json', 'application/xml'],
      ['application/json', 'application/json'],
    ]) {
      const answer = await twice(first as string, second as string, BODY);
      expect([answer.status, JSON.parse(answer.body).error.code]).toEqual([
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ]);
    }
  });

  it('leaves one Content-Type line served, and Accept on two lines joined', async () => {
    const accept = rawRequest(
      'POST',
      CALL,
      [
        ['Host', 'x'],
        ['Content-Type', 'application/json'],
        ['Accept', 'text/html'],
        ['Accept', 'application/json'],
        ['Content-Length', String(BODY.length)],
      ],
      BODY,
    );
    expect(await sendRaw(server.url, accept)).toMatchObject({ status: 200, body: '{"result":6}' });
  });
});
