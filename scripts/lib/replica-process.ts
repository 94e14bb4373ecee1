import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** One JSON log line of a portico process. */
export type LogLine = Record<string, unknown> & { readonly msg?: string };

/** A `portico microservice` child process. */
export interface ReplicaProcess {
  readonly pid: number;
  /** Every log line so far. */
  readonly logs: readonly LogLine[];
  /** Everything the process wrote to standard error so far. */
  readonly stderr: string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  readonly exited: Promise<number | string>;
  /** Sends a signal. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the first log line, past or future, that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Kills the process (SIGKILL) unless it ended, and waits for the end. */
  stop(): Promise<void>;
}

/** Options of {@link startReplicaProcess}. */
export interface ReplicaProcessOptions {
  /** The compiled module whose default export is the nativeApp definition. */
  readonly module: string;
  readonly natsUrl: string;
  /** More arguments, for example `['--concurrency', '2']`. */
  readonly args?: readonly string[];
  /** Default `debug`, so that every call is logged with its request id. */
  readonly logLevel?: string;
  /** More environment variables, such as `NATS_USER` and `NATS_PASSWORD`. */
  readonly env?: Readonly<Record<string, string>>;
}

/** The directory of the package, found upward from this file (it runs from source or dist). */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'bin', 'portico.js'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('bin/portico.js not found above this file');
    dir = parent;
  }
  return dir;
}

/** Starts `node bin/portico.js microservice …` and waits until the replica is ready. */
export async function startReplicaProcess(options: ReplicaProcessOptions): Promise<ReplicaProcess> {
  const replica = spawnReplicaProcess(options);
  try {
    await replica.waitForLog((line) => line.msg === 'replica ready', 15_000);
  } catch (error) {
    await replica.stop();
    throw error;
  }
  return replica;
}

/** Starts `node bin/portico.js microservice …` without waiting for anything. */
export function spawnReplicaProcess(options: ReplicaProcessOptions): ReplicaProcess {
  const bin = path.join(projectRoot(), 'bin', 'portico.js');
  const child = spawn(
    process.execPath,
    [bin, 'microservice', options.module, '--nats', options.natsUrl, ...(options.args ?? [])],
    {
      env: { ...process.env, ...options.env, LOG_LEVEL: options.logLevel ?? 'debug' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return watch(child);
}

function watch(child: ChildProcess): ReplicaProcess {
  const logs: LogLine[] = [];
  const waiters = new Set<(line: LogLine) => void>();
  let stderr = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = parseLine(text);
      logs.push(line);
      for (const waiter of waiters) waiter(line);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    pid: child.pid ?? -1,
    logs,
    get stderr() {
      return stderr;
    },
    exited,
    kill: (signal) => child.kill(signal),
    waitForLog(match, timeoutMs = 10_000) {
      const found = logs.find(match);
      if (found) return Promise.resolve(found);
      if (child.exitCode !== null || child.signalCode !== null) {
        return Promise.reject(new Error(`the replica has exited; stderr: ${stderr}`));
      }
      return new Promise((resolve, reject) => {
        const waiter = (line: LogLine) => {
          if (!match(line)) return;
          done();
          resolve(line);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching log line within ${timeoutMs} ms; stderr: ${stderr}`));
        }, timeoutMs);
        const onExit = () => {
          done();
          reject(new Error(`the replica exited; stderr: ${stderr}`));
        };
        function done() {
          clearTimeout(timer);
          waiters.delete(waiter);
          child.off('exit', onExit);
        }
        waiters.add(waiter);
        child.once('exit', onExit);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

function parseLine(text: string): LogLine {
  try {
    return JSON.parse(text) as LogLine;
  } catch {
    return { msg: text };
  }
}
