import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serialized, watchCompiled } from './dev-rounds';
import { missedEdits, sourceFolders } from './dev-sources';
import { isResolvable } from './load-module';
import { hasExited, killGroup, spawnGroup, stopGroup } from './process-group';
import { type StartOptions } from './start-options';
import { StartupError } from './startup-error';

const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'portico.js');
/** How often `portico dev` looks whether what started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * `portico dev`: `tsc --watch` on the project; after its first build, and whenever the compiled
 * JavaScript changes, one round: `generate-swagger` with the arguments given after `--` (the
 * document, and the contract of the build when they include `--contract`), then the server
 * (`portico start --development`) started again. Resolves with 0 after SIGINT or SIGTERM, which
 * stop every process it started (with 1 when a second signal killed them), or with the exit code
 * of tsc if it stops. An edit of a source
 * file that tsc does not see (see `missedEdits`) starts tsc again.
 */
export async function runDev(
  options: StartOptions,
  startArgs: readonly string[],
  generateArgs: readonly string[],
): Promise<number> {
  const compiler = findTsc();
  const startTsc = () =>
    spawnGroup(
      process.execPath,
      [compiler, '--watch', '--preserveWatchOutput', '-p', options.project],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
  let tsc = startTsc();
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
    server = undefined;
    if (stopping || !moduleBuilt()) return;
    server = spawnGroup(process.execPath, [BIN, 'start', ...startArgs, '--development'], {
      stdio: 'inherit',
    });
  });
  let told = false;
  /** Whether the server's module is there; says once that it waits for a build that writes it. */
  const moduleBuilt = (): boolean => {
    if (isResolvable(options.config)) told = false;
    else if (!told) {
      told = true;
      process.stderr.write(
        `portico dev: ${options.config} is not there after the build: give the path tsc writes your module to (outDir in ${options.project}); waiting for the next build\n`,
      );
    }
    return !told;
  };
  let started = false;
  let watching = false;
  const onOutput = (chunk: Buffer) => {
    process.stdout.write(chunk);
    const text = chunk.toString();
    edits.output(text);
    if (!/Watching for file changes/.test(text)) return;
    // The module's folder may be written by a later build only: it is watched from then on.
    const first = !started;
    started = true;
    if (watching) return;
    watching = watchCompiled(path.dirname(path.resolve(options.config)), round);
    if (first || watching) round();
  };
  tsc.stdout?.on('data', onOutput);
  let restarts = 0;
  let retired: ChildProcess | undefined;
  /** tsc started again, which builds the edit its watcher did not see. */
  const restartTsc = async (file: string) => {
    if (restarts++ === 0) {
      process.stderr.write(
        `portico dev: tsc --watch did not see ${path.relative(process.cwd(), file)} change (TypeScript 7 watches no project folder near the root of the file system, such as /app); portico dev starts tsc again after each edit it misses\n`,
      );
    }
    retired = tsc;
    await stopGroup(retired);
    if (stopping) return;
    tsc = startTsc();
    tsc.stdout?.on('data', onOutput);
    stopWithTsc(tsc);
  };
  const edits = missedEdits(sourceFolders(compiler, options.project), restartTsc);
  /** `portico dev` ends with the exit code of tsc if tsc stops, unless it was stopped to restart. */
  const stopWithTsc = (child: ChildProcess) => {
    child.once('exit', (code) => {
      if (child !== retired) void stop(code ?? 0);
    });
    if (hasExited(child)) void stop(child.exitCode ?? 1);
  };
  let stop: (code: number) => Promise<void> = async () => {};
  /** Set by a second signal: the processes were killed, not stopped, and the exit code is 1. */
  let cut = false;
  return new Promise((resolve) => {
    stop = async (code: number) => {
      if (stopping) return;
      stopping = true;
      edits.close();
      await Promise.all([stopGroup(tsc), stopGroup(generator), round.idle()]);
      await stopGroup(server);
      resolve(cut ? 1 : code);
    };
    // A second signal (an impatient Ctrl-C, or `timeout`, which signals the command and then its
    // group) kills what is left at once; with the default action it would end this process alone,
    // and the server, a group of its own, would keep its port.
    let signals = 0;
    const onSignal = () => {
      if (signals++ === 0) {
        void stop(0);
        return;
      }
      cut = true;
      for (const child of [tsc, generator, server]) killGroup(child);
    };
    // A closed terminal hangs up; tsc and the server lead groups of their own and would live on.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
    whenOrphaned(() => stop(0));
    stopWithTsc(tsc);
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
