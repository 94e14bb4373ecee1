/**
 * `npm run bench:nats-count -- --probe callgrind|strace --target main|replica|nats [--calls N]
 * [--warmup N] [--connections N] [--node PATH] [--in-process] [--profile DIR] [--keep FILE]`:
 * what one ROA JSON `mulTwo` call over NATS costs one process, in counts that do not depend on
 * the load of the machine. A nats-server, one replica and a main server on the example's NATS
 * placement (`--in-process`: the example in one process) run on loopback; after the warm-up,
 * `--calls` calls go over `--connections` keep-alive connections. `callgrind`: the target (main
 * or replica) runs under `valgrind --tool=callgrind`, and its instructions per call are those of
 * a run with the calls less those of a run without them (`--keep` saves the first run's output
 * for `callgrind_annotate`). `strace`: its system calls over the calls, all threads, with the
 * table. `--profile` also writes each node's V8 CPU profile there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstCall, send } from './keep-alive-calls';
import { startBenchNats } from './nats-server';
import { freePort, spawnPinned, stopProcess, waitForPort } from './processes';
import { REPLICA_ARGS } from './rows';

const { values } = parseArgs({
  options: {
    probe: { type: 'string', default: 'callgrind' },
    target: { type: 'string', default: 'main' },
    calls: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '10' },
    node: { type: 'string', default: process.execPath },
    profile: { type: 'string' },
    'in-process': { type: 'boolean', default: false },
    keep: { type: 'string' },
  },
});
const root = path.resolve(__dirname, '../..');
const out = path.join(tmpdir(), `portico-nats-count-${process.pid}`);

/** The node command of a server, under callgrind when it is the target of that probe. */
function command(role: string, args: readonly string[]): [string, string[]] {
  const profile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [];
  const node = [values.node, '--single-threaded', ...profile, ...args];
  if (values.probe !== 'callgrind' || values.target !== role)
    return [node[0] as string, node.slice(1)];
  const valgrind = ['--tool=callgrind', `--callgrind-out-file=${out}.%p`, '--dump-instr=no'];
  return ['valgrind', [...valgrind, ...node]];
}

/** Counts the system calls of `pid` (all its threads) until the returned function is called. */
async function traceSyscalls(pid: number): Promise<() => Promise<string>> {
  const file = `${out}.strace`;
  const strace = spawn('strace', ['-c', '-f', '-o', file, '-p', String(pid)], { stdio: 'pipe' });
  await new Promise<void>((resolve) => strace.stderr.once('data', () => resolve()));
  return async () => {
    strace.kill('SIGINT');
    await new Promise((resolve) => strace.once('exit', resolve));
    return readFileSync(file, 'utf8');
  };
}

/**
 * Runs the servers, sends the warm-up and then `calls` calls: the target's instructions in all
 * under callgrind (read when it exits), or its system calls over the `calls` under strace.
 */
async function run(calls: number): Promise<{ count: number; table?: string; failed: string[] }> {
  const nats = await startBenchNats(undefined);
  const env = { NODE_ENV: 'production', NATS_URL: nats.url, SUBJECT_PREFIX: 'count' };
  const port = await freePort();
  const spawnRole = (role: string, args: readonly string[], more: NodeJS.ProcessEnv) => {
    const [file, rest] = command(role, args);
    return spawnPinned(file, rest, { core: undefined, cwd: root, env: { ...env, ...more } });
  };
  const replicaArgs = [...REPLICA_ARGS, '--nats', nats.url, '--subject-prefix', 'count'];
  const replica = spawnRole('replica', replicaArgs, {});
  const config = values['in-process'] ? 'portico.config.js' : 'portico-nats.config.js';
  const mainArgs = ['bin/portico.js', 'start', `dist/bench/${config}`];
  const server = spawnRole('main', mainArgs, { PORT: String(port), HOST: '127.0.0.1' });
  const stopAll = () =>
    Promise.all([stopProcess(server, 60_000), stopProcess(replica, 60_000), nats.stop()]);
  try {
    await waitForPort(port, 600_000);
    await firstCall(port);
    await send(port, Number(values.warmup), Number(values.connections));
    const pid = { main: server.pid, replica: replica.pid, nats: nats.pid }[values.target as 'main'];
    if (values.probe === 'strace') {
      const stop = await traceSyscalls(pid as number);
      const failed = await send(port, calls, Number(values.connections));
      const table = await stop();
      // The last line: % time, seconds, usecs/call, calls, [errors,] "total".
      const total = /^.*total$/m.exec(table)?.[0].trim().split(/\s+/)[3];
      return { count: Number(total), table, failed };
    }
    const failed = calls > 0 ? await send(port, calls, Number(values.connections)) : [];
    await stopAll();
    const total = /^totals: (\d+)/m.exec(readFileSync(`${out}.${pid}`, 'utf8'))?.[1];
    if (values.keep && calls > 0) copyFileSync(`${out}.${pid}`, values.keep);
    return { count: Number(total), failed };
  } finally {
    await stopAll();
    spawnSync('sh', ['-c', `rm -f ${out}.*`]);
  }
}

async function main(): Promise<void> {
  const calls = Number(values.calls);
  const measured = await run(calls);
  // Under callgrind, a run without the measured calls gives what start, warm-up and exit cost.
  const base = values.probe === 'callgrind' ? (await run(0)).count : 0;
  const what = values.probe === 'callgrind' ? 'instructions' : 'system calls';
  const perCall = ((measured.count - base) / calls).toFixed(values.probe === 'strace' ? 2 : 0);
  process.stdout.write(`${values.target}: ${perCall} ${what} per call\n${measured.table ?? ''}`);
  const { failed } = measured;
  if (failed.length > 0) process.stdout.write(`${failed.length} calls failed: ${failed[0]}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`nats-count: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
