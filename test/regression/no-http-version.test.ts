import net from 'node:net';
import { calc } from '../fixtures/services';
import { parseResponse, type RawAnswer, sendRaw } from '../hardening/support/raw-http';
import { startTestServer, type TestServer } from '../support/harness';

// Bug (issue 24's closing note): a request line without an HTTP version (`GET /`, which Node's
// parser reads as HTTP/0.9) was refused for a missing Host header, which is not what is wrong
// with it; HTTP/2.0 in a request line was served as if it were HTTP/1.1.
describe('a request that is not HTTP/1.x', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  /** Writes `request` and reads everything until the server closes the connection. */
  function untilClosed(request: string): Promise<RawAnswer | undefined> {
    return new Promise((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks), true)?.answer));
      socket.write(request);
    });
  }

  it.each([
    ['GET /\r\n\r\n'],
    ['POST /calc/multiplier/mulTwo\r\nContent-Type: application/json\r\n\r\n'],
  ])('is a 400 that names the missing version, and closes: %j', async (request) => {
    const answer = await untilClosed(request);
    expect(answer?.status).toBe(400);
    expect(answer?.headers.connection).toBe('close');
    expect(JSON.parse(answer?.body ?? '').error).toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'the request line has no HTTP version (HTTP/0.9 is not supported): end it with HTTP/1.1',
    });
  });

  it('is a 400 for HTTP/2.0 in the request line, and closes', async () => {
    const answer = await untilClosed(
      'POST /calc/multiplier/mulTwo HTTP/2.0\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 13\r\n\r\n{"a":2,"b":3}',
    );
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '').error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'HTTP/2.0 is not supported: send HTTP/1.1',
    });
  });

  it('leaves HTTP/1.0 and HTTP/1.1 served, on the same server', async () => {
    for (const version of ['1.0', '1.1']) {
      const answer = await sendRaw(
        server.url,
        `POST /calc/multiplier/mulTwo HTTP/${version}\r\nHost: x\r\n` +
          'Content-Type: application/json\r\nContent-Length: 13\r\n\r\n{"a":2,"b":3}',
      );
      expect({ version, ...answer, closed: undefined }).toMatchObject({
        version,
        status: 200,
        body: '{"result":6}',
      });
    }
  });
});
