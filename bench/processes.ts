import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The cores that servers and the load generator are pinned to, when `taskset` exists. */
export interface Pinning {
  readonly server: string | undefined;
  readonly load: string | undefined;
}

/** Pins servers to the first core and the load generator to the second, where taskset works. */
export function choosePinning(cores: number): Pinning {
  const works = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (!works || cores < 2) return { server: undefined, load: undefined };
  return { server: '0', load: '1' };
}

/** Where and how a child process runs. */
export interface SpawnOptions {
  readonly core: string | undefined;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly stdout?: 'ignore' | 'pipe';
}

/** Spawns `command args` on `core` (with taskset) or unpinned. */
export function spawnPinned(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): ChildProcess {
  const pinned = options.core === undefined ? [command] : ['taskset', '-c', options.core, command];
  return spawn(pinned[0] as string, [...pinned.slice(1), ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
}

/** Spawns `node args` on `core` (with taskset) or unpinned. */
export function spawnNode(args: readonly string[], options: SpawnOptions): ChildProcess {
  return spawnPinned(process.execPath, args, options);
}

/** A port that was free a moment ago, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once `port` on loopback accepts a connection; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 15000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The resident set size of a process in bytes (Linux `/proc`, else `ps`). */
export function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux: ask ps
  }
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout;
  return Number(out.trim()) * 1024;
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
