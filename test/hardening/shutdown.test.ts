import { once } from 'node:events';
import { startTestServer } from '../support/harness';
import { json, send } from '../support/http';
import { waitFor } from '../support/wait';
import { type PorticoProcess, startPortico } from './support/cli';
import { openKeepAlive } from './support/keep-alive';
import { rawRequest } from './support/raw-http';
import { SlowService, slowApp } from './support/services';

const sleepRequest = (ms: number, path = '/slow/slow/sleep') =>
  rawRequest(
    'POST',
    path,
    [
      ['Host', 'x'],
      ['Content-Type', 'application/json'],
      ['Content-Length', String(String(ms).length)],
    ],
    String(ms),
  );

describe('shutdown with keep-alive connections', () => {
  it('closes idle connections at once, answers the calls in flight with Connection: close, refuses new ones', async () => {
    const slow = new SlowService();
    const server = await startTestServer({ microservices: [slowApp('slow', undefined, slow)] });
    const idle = await openKeepAlive(server.url);
    expect((await idle.request(sleepRequest(1))).headers.connection).toBe('keep-alive');
    const busy = await openKeepAlive(server.url);
    const answer = busy.request(sleepRequest(400));
    await waitFor(() => slow.started === 2);
    const closing = server.close();
    await idle.closed;
    expect(await answer).toMatchObject({ status: 200, body: '400' });
    expect((await answer).headers.connection).toBe('close');
    await busy.closed;
    await expect(
      send(server.url, '/slow/slow/quick', { headers: json(), body: '1' }),
    ).rejects.toThrow(/ECONNREFUSED/);
    await closing;
  });
});

describe('portico start on SIGTERM with keep-alive connections open', () => {
  let running: PorticoProcess | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });

  it('answers every call in flight, closes the idle connections and exits 0', async () => {
    running = await startPortico('test/fixtures/cli/slow.config.js');
    const { child, url } = running;
    const idle = await openKeepAlive(url);
    expect((await idle.request(sleepRequest(1))).status).toBe(200);
    const busy = await Promise.all([1, 2, 3].map(() => openKeepAlive(url)));
    const answers = busy.map((connection, i) => connection.request(sleepRequest(300 + 200 * i)));
    const started = () => running?.output().match(/sleep started/g)?.length ?? 0;
    await waitFor(() => started() === 4, { what: 'the three calls' });
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await idle.closed;
    await expect(send(url, '/slow/slow/sleep', { headers: json(), body: '1' })).rejects.toThrow(
      /ECONNREFUSED|ECONNRESET/,
    );
    const done = await Promise.all(answers);
    expect(done.map((a) => [a.status, a.body, a.headers.connection])).toEqual([
      [200, '300', 'close'],
      [200, '500', 'close'],
      [200, '700', 'close'],
    ]);
    const [code] = await exited;
    expect(code).toBe(0);
  });

  it('leaves at once with exit code 1 on a second signal, without waiting for the calls in flight', async () => {
    running = await startPortico('test/fixtures/cli/slow.config.js');
    const { child, url } = running;
    const hung = send(url, '/slow/slow/sleep', { headers: json(), body: '60000' }).catch(
      (error: Error) => error,
    );
    await waitFor(() => running?.output().includes('sleep started') ?? false);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await waitFor(() => running?.output().includes('shutting down') ?? false);
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(1);
    expect(running.output()).toContain('"signal":"SIGINT","msg":"second signal: leaving at once"');
    // The hung call's connection closed with the process, without an answer.
    expect(String(await hung)).toMatch(/socket hang up|ECONNRESET/);
  });
});
