import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');

/** A `portico start` process listening on a free port. */
export interface PorticoProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process wrote so far. */
  output(): string;
}

/** Starts `portico start <config> [args]` from the built package on a free port. */
export function startPortico(
  config: string,
  args: readonly string[] = [],
): Promise<PorticoProcess> {
  if (!existsSync(path.join(ROOT, 'dist', 'src', 'cli', 'portico.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  }
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bin', 'portico.js'), 'start', config, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /"port":(\d+),"msg":"main server listening"/.exec(output);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}
