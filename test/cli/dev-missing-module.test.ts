import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Running, startCommand } from '../adopter/adopter-project';
import { devProject } from '../support/dev-project';

const ROOT = path.join(__dirname, '..', '..');
const WAITS = 'portico dev: dist/sub/main.js is not there after the build';

/** Resolves once `running`'s output holds `text` `count` times; rejects if it exits first. */
function outputHolds(running: Running, text: string, count = 1): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (running.output().split(text).length > count) resolve();
    };
    running.child.stdout?.on('data', check);
    running.child.stderr?.on('data', check);
    running.child.once('exit', (code) => reject(new Error(`exited ${code}:\n${running.output()}`)));
    check();
  });
}

// A project whose server module no build has written yet (a wrong path, or a file not written
// yet): `portico dev` says once that it waits, and starts the server from the build that writes it.
describe('portico dev with a server module that does not exist', () => {
  let dir: string;
  let dev: Running | undefined;
  beforeAll(() => {
    dir = devProject('portico-dev-missing-');
    writeFileSync(path.join(dir, 'src', 'other.ts'), 'export const other = 1;\n');
  });
  afterAll(() => {
    dev?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says once that it waits for the next build, and starts the server from it', async () => {
    // --project is the compiler's; the server started from the build does not take it.
    const args = ['dev', 'dist/sub/main.js', '--project', 'tsconfig.json', '--port', '0'];
    args.push('--host', '127.0.0.1');
    dev = startCommand(dir, process.execPath, [path.join(ROOT, 'bin', 'portico.js'), ...args]);
    await outputHolds(dev, WAITS);
    // A build that leaves it missing says nothing more.
    writeFileSync(path.join(dir, 'src', 'other.ts'), 'export const other = 2;\n');
    await outputHolds(dev, 'Watching for file changes', 2);
    mkdirSync(path.join(dir, 'src', 'sub'));
    writeFileSync(
      path.join(dir, 'src', 'sub', 'main.ts'),
      [
        "import { nativeApp, RemoteService } from 'portico';",
        "@RemoteService('greeter')",
        'class Greeter {}',
        "export default nativeApp({ name: 'hello', services: [Greeter] });",
      ].join('\n'),
    );
    await dev.listening();
    expect(dev.output().split(WAITS)).toHaveLength(2);
    expect(dev.output()).toContain(
      `${WAITS}: give the path tsc writes your module to (outDir in tsconfig.json); waiting for the next build\n`,
    );
    expect(dev.output()).not.toContain('cannot find');
    expect(await dev.stop()).toBe(0);
  });
});
