/**
 * `npm run bench:nats-count -- --probe callgrind|strace --target main|replica|nats [--calls N]
 * [--warmup N] [--connections N] [--node PATH] [--in-process] [--profile DIR] [--keep FILE]`:
 * what one ROA JSON `mulTwo` call over NATS costs one process, in counts that do not depend on
 * the load of the machine. A nats-server, one replica and a main server on the example's NATS
 * placement (`--in-process`: the example in one process) run on loopback; after the warm-up,
 * `--calls` calls go over `--connections` keep-alive connections. `callgrind`: the target (main
 * or replica) runs under `valgrind --tool=callgrind`, its counts are zeroed after the warm-up
 * and dumped after the calls (`callgrind_control`; `--keep` saves the dump for
 * `callgrind_annotate`). Under callgrind a process is about fifty times slower: with one
 * connection it still takes every call within the take-by time (docs/faults.md). `strace`: its system calls over the calls, all threads, with the
 * table. `--profile` also writes each node's V8 CPU profile there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { firstCall, send } from './keep-alive-calls';
import { startBenchNats } from './nats-server';
import { freePort, spawnPinned, stopProcess, waitForPort } from './processes';
import { REPLICA_ARGS } from './server-specs';

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
 * Runs the servers, sends the warm-up and then `calls` calls: the target's instructions over
 * the `calls` under callgrind, or its system calls over them under strace.
 */
async function run(calls: number): Promise<{ count: number; table?: string; failed: string[] }> {
  const nats = await startBenchNats(undefined);
  const env = { NODE_ENV: 'production', NATS_URL: nats.url, SUBJECT_PREFIX: 'count' };
  const port = await freePort();
  const spawnRole = (role: string, args: readonly string[], more: NodeJS.ProcessEnv) => {
    const [file, rest] = command(role, args);
    const child = spawnPinned(file, rest, { core: undefined, cwd: root, env: { ...env, ...more } });
    // Read, or valgrind's messages fill the pipe and stop the process.
    child.stderr?.resume();
    return child;
  };
  const replicaArgs = [...REPLICA_ARGS, '--nats', nats.url, '--subject-prefix', 'count'];
  const replica = spawnRole('replica', replicaArgs, {});
  const config = values['in-process'] ? 'portico.config.js' : 'portico-nats.config.js';
  const mainArgs = ['bin/portico.js', 'start', `dist/bench/${config}`];
  const mainEnv = { PORT: String(port), HOST: '127.0.0.1' };
  const server = spawnRole('main', mainArgs, mainEnv);
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
    // Counted from zero after the warm-up to a dump after the calls: start and exit left out.
    // valgrind names its control pipes after the target's HOST: callgrind_control must see it.
    const control = { env: { ...process.env, ...(values.target === 'main' ? mainEnv : {}) } };
    const zeroed = spawnSync('callgrind_control', ['--zero', String(pid)], control);
    if (zeroed.status !== 0) throw new Error(`callgrind_control: ${zeroed.stdout}${zeroed.stderr}`);
    const failed = await send(port, calls, Number(values.connections));
    spawnSync('callgrind_control', ['--dump', String(pid)], control);
    const dump = `${out}.${pid}.1`;
    while (!/^totals: \d+/m.test(existsSync(dump) ? readFileSync(dump, 'utf8') : '')) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (values.keep) copyFileSync(dump, values.keep);
    const total = /^totals: (\d+)/m.exec(readFileSync(dump, 'utf8'))?.[1];
    return { count: Number(total), failed };
  } finally {
    await stopAll();
    spawnSync('sh', ['-c', `rm -f ${out}.*`]);
  }
}

async function main(): Promise<void> {
  const calls = Number(values.calls);
  const measured = await run(calls);
  const what = values.probe === 'callgrind' ? 'instructions' : 'system calls';
  const perCall = (measured.count / calls).toFixed(values.probe === 'strace' ? 2 : 0);
  process.stdout.write(`${values.target}: ${perCall} ${what} per call\n${measured.table ?? ''}`);
  const { failed } = measured;
  if (failed.length > 0) process.stdout.write(`${failed.length} calls failed: ${failed[0]}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`nats-count: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
