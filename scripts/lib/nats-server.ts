import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A nats-server child process on a loopback port. */
export interface NatsServerProcess {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Starts the server again on the same port. */
  restart(): Promise<void>;
}

/** Options of {@link startNatsServer}. */
export interface NatsServerOptions {
  /** The server's max payload in bytes. Default NATS's own, 1 MiB. */
  readonly maxPayload?: number;
}

/** The path of the `nats-server` executable on PATH, or `undefined`. */
export function findNatsServer(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'nats-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts nats-server on a free loopback port and waits until it takes clients. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServerProcess> {
  const executable = findNatsServer();
  if (!executable) throw new Error('nats-server is not on PATH');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const config = `listen: 127.0.0.1:${port}\n${options.maxPayload ? `max_payload: ${options.maxPayload}\n` : ''}`;
    try {
      let child = await launch(executable, config);
      return {
        url: `nats://127.0.0.1:${port}`,
        port,
        stop: () => terminate(child),
        async restart() {
          await terminate(child);
          child = await launch(executable, config);
        },
      };
    } catch (error) {
      // Someone took the port between the probe and the start: try another one.
      if (attempt === 3) throw error;
    }
  }
}

/** Runs nats-server with `config` and resolves once it is ready; the config file is gone by then. */
async function launch(executable: string, config: string): Promise<ChildProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-nats-'));
  const file = path.join(dir, 'nats.conf');
  writeFileSync(file, config);
  try {
    return await spawnReady(executable, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnReady(executable: string, config: string): Promise<ChildProcess> {
  const child = spawn(executable, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('nats-server did not start within 10 s')),
      10_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output}`));
    };
    const onExit = (code: number | null) => fail(new Error(`nats-server exited with code ${code}`));
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolve(child);
      }
    });
    child.once('exit', onExit);
    child.once('error', fail);
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
