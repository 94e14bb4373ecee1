import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRow, driveRow } from './drive';
import { type LoadResult } from './load';
import { type CpuProfile } from './phase-attribution';
import { choosePinning } from './processes';
import { ROWS } from './rows';
import { SERVERS } from './server-specs';
import { startServer } from './servers';

/** How `npm run bench:phases` drives the server. */
export interface PhaseRunOptions {
  readonly root: string;
  readonly node: string;
  readonly connections: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
  /** Calls of each measured window instead of `durationSeconds`. */
  readonly calls?: number | undefined;
  readonly intervalUs: number;
}

/** The two measured windows, the first without the profiler, and the second's profile. */
export interface PhaseWindows {
  readonly plain: LoadResult;
  readonly profiled: LoadResult;
  readonly profile: CpuProfile;
}

/**
 * Runs the `roa-json` row's server with bench/phase-profiler.ts preloaded, sends it the row's
 * request for a warm-up, a window without the profiler and one with it, and returns both windows'
 * figures and the profile of the second.
 */
export async function runPhaseWindows(options: PhaseRunOptions): Promise<PhaseWindows> {
  const row = ROWS.find((r) => r.id === 'roa-json');
  const spec = SERVERS.find((s) => s.id === row?.server);
  if (!row || !spec) throw new Error('the bench has no roa-json row');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-phases-'));
  const file = path.join(dir, 'window.cpuprofile');
  const env = {
    ...spec.env,
    PORTICO_PHASES_PROFILE: file,
    PORTICO_PHASES_INTERVAL_US: `${options.intervalUs}`,
  };
  const args = ['--require', './dist/bench/phase-profiler.js', ...spec.args];
  const pinning = choosePinning(os.cpus().length);
  const server = await startServer(
    { ...spec, args, env },
    { root: options.root, core: pinning.server, profileDir: undefined, node: options.node },
  );
  const driver = { root: options.root, core: pinning.load };
  const load = { row, port: server.port, connections: options.connections, warmupSeconds: 0 };
  const measured = {
    ...load,
    durationSeconds: options.durationSeconds,
    serverPids: [server.pid],
    ...(options.calls === undefined ? {} : { amount: options.calls }),
  };
  try {
    await checkRow(row, server.port);
    await driveRow({ ...load, durationSeconds: options.warmupSeconds }, driver);
    const plain = await driveRow(measured, driver);
    process.kill(server.pid, 'SIGUSR2');
    const profiled = await driveRow(measured, driver);
    process.kill(server.pid, 'SIGUSR2');
    const profile = JSON.parse(await written(file)) as CpuProfile & { error?: string };
    if (profile.error) throw new Error(`the profiler failed: ${profile.error}`);
    return { plain, profiled, profile };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function written(file: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`the server wrote no profile in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return readFileSync(file, 'utf8');
}
