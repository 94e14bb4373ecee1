import { spawnSync } from 'node:child_process';
import { freePort, spawnPinned, stopProcess, waitForPort } from './processes';

/** A nats-server on loopback for the NATS rows. */
export interface BenchNats {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** True when `nats-server` runs from PATH. */
export function hasNatsServer(): boolean {
  return spawnSync('nats-server', ['--version']).status === 0;
}

/** Starts nats-server on a free loopback port, on `core`, and waits until it takes clients. */
export async function startBenchNats(core: string | undefined): Promise<BenchNats> {
  const port = await freePort();
  const child = spawnPinned('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { core });
  child.stderr?.resume();
  await waitForPort(port);
  return {
    url: `nats://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () => stopProcess(child),
  };
}
