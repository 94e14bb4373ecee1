import { openKeepAlive } from '../hardening/support/keep-alive';
import { rawRequest } from '../hardening/support/raw-http';
import { SlowService, slowApp } from '../hardening/support/services';
import { startTestServer } from '../support/harness';
import { waitFor } from '../support/wait';

// Bug: once shutdown began, a client on a kept-alive connection could go on sending calls, and
// each was served with "Connection: keep-alive", for as long as other calls kept the drain
// waiting. Now every answer after shutdown began closes its connection.
describe('a kept-alive connection during shutdown', () => {
  it('gets its answer with Connection: close, and no further call', async () => {
    const slow = new SlowService();
    const server = await startTestServer({ microservices: [slowApp('slow', undefined, slow)] });
    const quick = (n: number) =>
      rawRequest(
        'POST',
        '/slow/slow/quick',
        [
          ['Host', 'x'],
          ['Content-Type', 'application/json'],
          ['Content-Length', String(String(n).length)],
        ],
        String(n),
      );
    const sleep = (ms: number) =>
      rawRequest(
        'POST',
        '/slow/slow/sleep',
        [
          ['Host', 'x'],
          ['Content-Type', 'application/json'],
          ['Content-Length', String(String(ms).length)],
        ],
        String(ms),
      );
    const long = await openKeepAlive(server.url);
    const longAnswer = long.request(sleep(800));
    const eager = await openKeepAlive(server.url);
    const eagerAnswer = eager.request(sleep(200));
    await waitFor(() => slow.started === 2);
    const closing = server.close();
    const first = await eagerAnswer;
    expect(first).toMatchObject({ status: 200, body: '200' });
    expect(first.headers.connection).toBe('close');
    const served = [];
    for (let i = 1; i < 30 && eager.open; i++) served.push(await eager.request(quick(i)));
    expect(served.filter((answer) => answer.status === 200)).toEqual([]);
    await eager.closed;
    expect(await longAnswer).toMatchObject({ status: 200, body: '800' });
    await closing;
  });
});
