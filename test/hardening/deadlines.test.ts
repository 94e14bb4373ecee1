import net from 'node:net';
import { calc } from '../fixtures/services';
import { startTestServer, type TestServer } from '../support/harness';
import { json, send } from '../support/http';
import { pause, waitFor } from '../support/wait';
import { SlowService, slowApp } from './support/services';

describe('deadlines and clients that leave', () => {
  const slow = new SlowService();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      microservices: [slowApp('slow', 1, slow), calc],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 300 } },
    });
  });
  afterAll(() => server.close());

  const call = (method: string, body: string) =>
    send(server.url, `/slow/slow/${method}`, { headers: json(), body });

  it('answers a method that never returns with 504 at the deadline, and frees its slot', async () => {
    const hung = await call('hang', '1');
    expect(hung.status).toBe(504);
    expect(hung.error).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    // The cap is 1: the next calls are served, not refused as overloaded.
    expect(await call('quick', '7')).toMatchObject({ status: 200, text: '7' });
    expect((await call('hang', '1')).status).toBe(504);
    expect((await call('hang', '1')).status).toBe(504);
    expect(await call('quick', '8')).toMatchObject({ status: 200, text: '8' });
  });

  it('drops the failure of a method that fails after its deadline', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { finished } = slow;
      const answer = await call('lateFail', '450');
      expect(answer.status).toBe(504);
      await waitFor(() => slow.finished === finished + 1);
      await pause(50);
      expect(unhandled).not.toHaveBeenCalled();
      expect(await call('quick', '3')).toMatchObject({ status: 200, text: '3' });
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('discards the result of a call whose client disconnected, and keeps serving', async () => {
    const { port } = new URL(server.url);
    const { started, finished } = slow;
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      'POST /slow/slow/sleep HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-SVC-Request-ID: gone-1\r\nContent-Length: 3\r\n\r\n150',
    );
    await waitFor(() => slow.started === started + 1);
    socket.destroy();
    await waitFor(() => slow.finished === finished + 1);
    await waitFor(() => server.logs.some((line) => line.requestId === 'gone-1'));
    expect(await call('quick', '1')).toMatchObject({ status: 200, text: '1' });
  });

  it('survives a client that leaves in the middle of its body, and ends its call', async () => {
    const { port } = new URL(server.url);
    for (let i = 0; i < 5; i++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST /calc/multiplier/mulTwo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-SVC-Request-ID: half-${i}\r\nContent-Length: 100\r\n\r\n{"a":`,
      );
      await pause(20);
      socket.destroy();
    }
    // The body read of each ends as a 400, so no call is left waiting for a body that never comes.
    const halves = () => server.logs.filter((line) => /^half-/.test(String(line.requestId)));
    await waitFor(() => halves().length === 5);
    expect(halves().map((line) => line.status)).toEqual([400, 400, 400, 400, 400]);
    const answer = await send(server.url, '/calc/multiplier/mulTwo', {
      headers: json(),
      body: '{"a":2,"b":3}',
    });
    expect(answer).toMatchObject({ status: 200, text: '{"result":6}' });
  });
});
