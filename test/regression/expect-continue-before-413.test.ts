import { once } from 'node:events';
import net from 'node:net';
import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';

// Bug (issue 11, finding 5): Node answered `Expect: 100-continue` with `100 Continue` at once, so
// a client announcing a body over the limit was invited to send it before its 413. The interim
// answer now waits until the body is about to be read.
describe('Expect: 100-continue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ microservices: [calc] });
  });
  afterAll(() => server.close());

  /** A connection that collects what the server sends, and waits for a text in it. */
  async function connect() {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      socket.emit('received');
    });
    socket.on('close', () => {
      closed = true;
      socket.emit('received');
    });
    const until = async (done: (text: string) => boolean) => {
      while (!done(received) && !closed) await once(socket, 'received');
      return received;
    };
    return { socket, until };
  }

  const head = (length: number) =>
    'POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
    `Expect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`;

  it('over the body limit is answered 413 without 100 Continue, and the connection closes', async () => {
    const { socket, until } = await connect();
    socket.write(head(2 * 1024 * 1024));
    const text = await until((t) => t.includes('"PAYLOAD_TOO_LARGE"'));
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain('100 Continue');
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('within the limit gets 100 Continue, then its answer once the body is sent', async () => {
    const { socket, until } = await connect();
    socket.write(head(13));
    expect(await until((t) => t.includes('\r\n\r\n'))).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    socket.write('{"a":2,"b":3}');
    const text = await until((t) => t.endsWith('{"result":6}'));
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
  });
});
