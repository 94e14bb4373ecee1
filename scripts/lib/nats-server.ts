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
  /** The server's max payload in bytes. Default NATS's own, 1 MiB. Not with `configFile`. */
  readonly maxPayload?: number;
  /**
   * A configuration file to start with instead of a plain server. It must take its port from the
   * `NATS_PORT` variable (`port: $NATS_PORT`), which is set to a free one.
   */
  readonly configFile?: string;
  /** More environment variables for the server, such as the ones its configuration file reads. */
  readonly env?: Readonly<Record<string, string>>;
}

/** How to run one nats-server: its configuration text or file, and its environment. */
interface Launch {
  readonly executable: string;
  readonly config: { readonly text: string } | { readonly file: string };
  readonly env: NodeJS.ProcessEnv;
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
    const env = { ...process.env, ...options.env, NATS_PORT: String(port) };
    const how: Launch = { executable, config: configOf(options, port), env };
    try {
      let child = await launch(how);
      return {
        url: `nats://127.0.0.1:${port}`,
        port,
        stop: () => terminate(child),
        async restart() {
          await terminate(child);
          child = await launch(how);
        },
      };
    } catch (error) {
      // Someone took the port between the probe and the start: try another one.
      if (attempt === 3) throw error;
    }
  }
}

function configOf(options: NatsServerOptions, port: number): Launch['config'] {
  if (options.configFile) return { file: options.configFile };
  const payload = options.maxPayload ? `max_payload: ${options.maxPayload}\n` : '';
  return { text: `listen: 127.0.0.1:${port}\n${payload}` };
}

/** Runs nats-server and resolves once it is ready; a written config file is gone by then. */
async function launch(how: Launch): Promise<ChildProcess> {
  if ('file' in how.config) return spawnReady(how, how.config.file);
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-nats-'));
  const file = path.join(dir, 'nats.conf');
  writeFileSync(file, how.config.text);
  try {
    return await spawnReady(how, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnReady(how: Launch, config: string): Promise<ChildProcess> {
  const child = spawn(how.executable, ['-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: how.env,
  });
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
