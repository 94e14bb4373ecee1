import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { launchNats, type NatsLaunch, terminateNats } from './nats-process';

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
    const how: NatsLaunch = { executable, config: configOf(options, port), env };
    try {
      let { child } = await launchNats(how);
      return {
        url: `nats://127.0.0.1:${port}`,
        port,
        stop: () => terminateNats(child),
        async restart() {
          await terminateNats(child);
          ({ child } = await launchNats(how));
        },
      };
    } catch (error) {
      // Someone took the port between the probe and the start: try another one.
      if (attempt === 3) throw error;
    }
  }
}

function configOf(options: NatsServerOptions, port: number): NatsLaunch['config'] {
  if (options.configFile) return { file: options.configFile };
  const payload = options.maxPayload ? `max_payload: ${options.maxPayload}\n` : '';
  return { text: `listen: 127.0.0.1:${port}\n${payload}` };
}
