import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How to run one nats-server: its configuration text or file, and its environment. */
export interface NatsLaunch {
  readonly executable: string;
  readonly config: { readonly text: string } | { readonly file: string };
  readonly env: NodeJS.ProcessEnv;
}

/** A running nats-server child, with what it logged lately (its last 64 KiB). */
export interface NatsChild {
  readonly child: ChildProcess;
  /** The tail of the server's log, for failure messages and for tests that read violations. */
  log(): string;
}

const LOG_TAIL = 64 * 1024;

/** Runs nats-server and resolves once it is ready; a written config file is gone by then. */
export async function launchNats(how: NatsLaunch): Promise<NatsChild> {
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

function spawnReady(how: NatsLaunch, config: string): Promise<NatsChild> {
  const child = spawn(how.executable, ['-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: how.env,
  });
  let output = '';
  let ready = false;
  const running: NatsChild = { child, log: () => output };
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
      output = (output + chunk.toString()).slice(-LOG_TAIL);
      if (ready || !output.includes('Server is ready')) return;
      ready = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(running);
    });
    child.once('exit', onExit);
    child.once('error', fail);
  });
}

/** True while the child has neither exited nor been killed by a signal. */
export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Stops a nats-server (SIGTERM, then SIGKILL after 5 s); a paused one is woken first. */
export function terminateNats(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}

/** Kills a nats-server with SIGKILL and resolves once it is gone. */
export function killNats(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
