import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { hasExited, spawnGroup, stopGroup } from './process-group';
import { type StartOptions } from './start-options';
import { StartupError } from './startup-error';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'portico.js');
/** How long the compiled files must stay unchanged before a round starts: one compile's writes. */
const SETTLE_MS = 200;
/** How often `portico dev` looks whether what started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * `portico dev`: `tsc --watch` on the project; after its first build, and whenever the compiled
 * JavaScript changes, one round: `generate-swagger` with the arguments given after `--` (the
 * document, and the contract of the build when they include `--contract`), then the server
 * (`portico start --development`) started again. Resolves with 0 after SIGINT or SIGTERM, which
 * stop every process it started, or with the exit code of tsc if it stops.
 */
export async function runDev(
  options: StartOptions,
  startArgs: readonly string[],
  generateArgs: readonly string[],
): Promise<number> {
  const tsc = spawnGroup(
    process.execPath,
    [findTsc(), '--watch', '--preserveWatchOutput', '-p', options.project],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let server: ChildProcess | undefined;
  let generator: ChildProcess | undefined;
  let stopping = false;
  const round = serialized(async () => {
    if (stopping) return;
    if (generateArgs.length > 0) {
      generator = spawn(process.execPath, [BIN, 'generate-swagger', ...generateArgs], {
        stdio: 'inherit',
      });
      await new Promise((resolve) => generator?.once('close', resolve));
    }
    await stopGroup(server);
    if (stopping) return;
    server = spawnGroup(process.execPath, [BIN, 'start', ...startArgs, '--development'], {
      stdio: 'inherit',
    });
  });
  let started = false;
  tsc.stdout?.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!started && /Watching for file changes/.test(chunk.toString())) {
      started = true;
      round();
      watchCompiled(path.dirname(path.resolve(options.config)), round);
    }
  });
  return new Promise((resolve) => {
    const stop = async (code: number) => {
      if (stopping) return;
      stopping = true;
      await Promise.all([stopGroup(tsc), stopGroup(generator), round.idle()]);
      await stopGroup(server);
      resolve(code);
    };
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));
    // A closed terminal hangs up; tsc and the server lead groups of their own and would live on.
    process.once('SIGHUP', () => stop(0));
    whenOrphaned(() => stop(0));
    tsc.once('exit', (code) => stop(code ?? 0));
    if (hasExited(tsc)) stop(tsc.exitCode ?? 1);
  });
}

/**
 * Calls `onOrphaned` once this process's parent has gone. `npm run dev` killed with SIGTERM, or a
 * shell that runs it, ends without passing the signal on, which would leave the loop running.
 */
function whenOrphaned(onOrphaned: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/**
 * Calls `onChange` once the JavaScript under `dir` (where the server's module was compiled to)
 * has changed and then stayed unchanged for {@link SETTLE_MS}.
 */
function watchCompiled(dir: string, onChange: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, (_event, file) => {
    if (file && !/\.[cm]?js$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, SETTLE_MS);
  });
  watcher.unref();
}

/**
 * `task` run one at a time: a call while it runs makes it run once more afterwards (never more),
 * so a burst of changes ends in one round on the last of them.
 */
function serialized(task: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return Object.assign(run, { idle: async () => running });
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
