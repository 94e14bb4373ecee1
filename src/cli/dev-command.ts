import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type StartOptions } from './start-options';
import { StartupError } from './startup-error';

/**
 * `portico dev`: `tsc --watch` on the project, and, once its first build is done, `portico start
 * --development` under `node --watch`, which restarts whenever a module the server loaded
 * changes. Resolves with 0 after SIGINT or SIGTERM, or with the exit code of tsc if it stops.
 */
export async function runDev(options: StartOptions, argv: readonly string[]): Promise<number> {
  const tsc = spawn(
    process.execPath,
    [findTsc(), '--watch', '--preserveWatchOutput', '-p', options.project],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let server: ChildProcess | undefined;
  const startServer = () => {
    const bin = path.join(__dirname, '..', '..', '..', 'bin', 'portico.js');
    const args = ['--watch', bin, 'start', ...argv, '--development'];
    server = spawn(process.execPath, args, { stdio: 'inherit' });
  };
  tsc.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!server && /Watching for file changes/.test(chunk.toString())) startServer();
  });
  return new Promise((resolve) => {
    const stop = () => {
      server?.kill('SIGTERM');
      tsc.kill('SIGTERM');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    tsc.once('exit', (code) => {
      server?.kill('SIGTERM');
      if (!server || server.exitCode !== null) resolve(code ?? 0);
      else server.once('exit', () => resolve(code ?? 0));
    });
  });
}

function findTsc(): string {
  try {
    const manifest = require.resolve('typescript/package.json', { paths: [process.cwd()] });
    return path.join(path.dirname(manifest), 'bin', 'tsc');
  } catch {
    throw new StartupError(
      'portico dev compiles with the project’s TypeScript, which is not installed: run npm install --save-dev typescript',
    );
  }
}
