import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { scrape, total } from '../support/prometheus';
import { waitFor } from '../support/wait';
import { bigApp, slowApp } from './support/services';

const CLIENTS = 100;
/** Larger than what the operating system takes into its buffers for most connections. */
const ANSWER_KIB = 4096;
const WRITE_TIMEOUT_MS = 1500;

describe('the write deadline', () => {
  let server: TestServer;
  const serverSockets: Duplex[] = [];
  const answers: http.ServerResponse[] = [];
  const answerSockets: Duplex[] = [];
  /** The test's own clients: they never read, so they never see the server close them. */
  const clients: net.Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [bigApp, slowApp('slow')],
      http: { writeTimeoutMs: WRITE_TIMEOUT_MS, keepAliveTimeoutMs: 1000 },
      metrics: true,
    });
    server.main.server?.on('connection', (socket: Duplex) => serverSockets.push(socket));
    server.main.server?.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!req.url?.startsWith('/big/')) return;
      answers.push(res);
      answerSockets.push(req.socket);
    });
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server.close();
  });

  /** Bytes of answers that the server process holds because their clients have not taken them. */
  const buffered = () =>
    serverSockets.reduce((sum, socket) => sum + (socket.destroyed ? 0 : socket.writableLength), 0);
  const askBig = (socket: net.Socket) =>
    socket.write(
      `POST /big/big/text HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${String(ANSWER_KIB).length}\r\n\r\n${ANSWER_KIB}`,
    );

  it('closes the connections of clients that never read a large answer, and frees it', async () => {
    const { port } = new URL(server.url);
    for (let i = 0; i < CLIENTS; i++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      clients.push(socket);
      socket.on('error', () => {});
      // Never read: without a reader the socket takes no more than its buffers hold.
      askBig(socket);
    }
    let held = 0;
    let unfinished = 0;
    await waitFor(
      () => {
        held = Math.max(held, buffered());
        unfinished = Math.max(unfinished, answers.filter((res) => !res.writableFinished).length);
        return answers.length === CLIENTS && answers.every((res) => res.headersSent);
      },
      { timeoutMs: 60_000, what: 'every large answer started' },
    );
    expect(held).toBeGreaterThan(0);
    expect(unfinished).toBeGreaterThan(0);
    // Other clients are served meanwhile.
    const quick = await send(server.url, '/slow/slow/quick', { headers: json(), body: '5' });
    expect(quick).toMatchObject({ status: 200, text: '5' });
    // Those whose answer the operating system took are closed as idle; the others at the deadline.
    await waitFor(() => answerSockets.every((socket) => socket.destroyed), {
      timeoutMs: 60_000,
      what: 'every connection of a reader that does not read closed',
    });
    expect(buffered()).toBe(0);
    const timeouts = total(await scrape(server.url), 'portico_write_timeouts_total');
    expect(timeouts).toBeGreaterThan(0);
    expect(timeouts).toBeLessThanOrEqual(CLIENTS);
    expect(server.logs.filter((line) => (line.level as number) >= 40)).toEqual([]);
  }, 150_000);

  it('lets a client that reads take a large answer whole', async () => {
    const answer = await send(server.url, '/big/big/text', { headers: json(), body: '4096' });
    expect(answer.status).toBe(200);
    expect(answer.text).toHaveLength(4096 * 1024 + 2);
  });
});
