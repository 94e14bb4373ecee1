import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Running, startCommand } from '../adopter/adopter-project';
import { devProject } from '../support/dev-project';
import { send } from '../support/http';
import { alive, descendants } from '../support/processes';
import { waitFor } from '../support/wait';

const ROOT = path.join(__dirname, '..', '..');

// A second Ctrl-C (or a second SIGTERM, as `timeout` sends one to the command and one to its
// group) while portico dev stopped its processes ended portico dev at once, by the signal's
// default action: the server it had started, a process group of its own that the terminal's
// signal does not reach, lived on with its port (a call that hangs kept it for callTimeoutMs),
// and the next portico dev found the port in use. Now a second signal kills them all at once.
describe('portico dev given a second signal while it stops', () => {
  let dir: string;
  let dev: Running | undefined;
  beforeAll(() => {
    dir = devProject('portico-dev-signal-', { emitDecoratorMetadata: true });
    writeFileSync(
      path.join(dir, 'src', 'main.ts'),
      [
        "import { writeFileSync } from 'node:fs';",
        "import { Int, nativeApp, RemoteMethod, RemoteService } from 'portico';",
        "@RemoteService('holder')",
        'class Holder {',
        '  @RemoteMethod({ params: [Int], returns: Int })',
        '  hang(_: number): Promise<number> {',
        `    writeFileSync(${JSON.stringify(path.join(dir, 'started'))}, '');`,
        '    return new Promise<number>(() => {});',
        '  }',
        '}',
        "export default nativeApp({ name: 'held', services: [Holder] });",
      ].join('\n'),
    );
  });
  afterAll(() => {
    dev?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops every process it started, the server holding a call too, and exits 1', async () => {
    const args = ['dev', 'dist/main.js', '--port', '0', '--host', '127.0.0.1'];
    dev = startCommand(dir, process.execPath, [path.join(ROOT, 'bin', 'portico.js'), ...args]);
    const url = `http://127.0.0.1:${await dev.listening()}`;
    const held = send(url, '/held/holder/hang', {
      headers: { 'Content-Type': 'application/json' },
      body: '1',
    }).catch(() => undefined);
    await waitFor(() => existsSync(path.join(dir, 'started')), { what: 'the call' });
    const pid = dev.child.pid as number;
    const tree = descendants(pid);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    const exited = new Promise((resolve) => dev?.child.once('exit', (code) => resolve(code)));
    dev.child.kill('SIGINT');
    await waitFor(
      () => dev?.output().includes('shutting down: finishing the calls in flight') ?? false,
      {
        what: "the server's drain",
      },
    );
    dev.child.kill('SIGINT');
    expect(await exited).toBe(1);
    await waitFor(() => !tree.some(alive), { timeoutMs: 5_000, what: 'the end of every process' });
    await held;
  }, 60_000);
});
