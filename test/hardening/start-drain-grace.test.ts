import { once } from 'node:events';
import { json, send } from '../support/http';
import { waitFor } from '../support/wait';
import { type PorticoProcess, startPortico } from './support/cli';

// Under an orchestrator, SIGKILL follows SIGTERM after its grace (Kubernetes: 30 s): a main server
// given --drain-grace-ms leaves before it, and answers the calls it still holds (docs/operating.md).
describe('portico start --drain-grace-ms', () => {
  let running: PorticoProcess | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });

  it('answers a call still held when the grace ends 502 SERVER_LEFT, and exits 1', async () => {
    running = await startPortico('test/fixtures/cli/slow.config.js', ['--drain-grace-ms', '300']);
    const { child, url } = running;
    const held = send(url, '/slow/slow/sleep', {
      headers: { ...json(), 'X-SVC-Request-ID': 'held-1' },
      body: '60000',
    });
    await waitFor(() => running?.output().includes('sleep started') ?? false);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const answer = await held;
    expect(answer.status).toBe(502);
    expect(answer.headers['x-svc-request-id']).toBe('held-1');
    expect(answer.error).toMatchObject({
      requestId: 'held-1',
      code: 'SERVER_LEFT',
      message:
        'the main server shut down before it answered (its drain grace ended): the call may have run',
    });
    const [code] = await exited;
    expect(code).toBe(1);
    expect(running.output()).toMatch(/"held":1,"graceMs":300,"msg":"drain timed out"/);
  });

  it('refuses a grace that is no whole number of ms, exit 2', async () => {
    await expect(
      startPortico('test/fixtures/cli/slow.config.js', ['--drain-grace-ms', '1.5']),
    ).rejects.toThrow(
      /exited with 2: .*--drain-grace-ms must be a whole number of at least 1, got 1\.5/s,
    );
  });
});
