/**
 * `npm run bench:nats-server-count -- [--carrier portico|echo] [--calls N] [--node PATH]`: what
 * nats-server does for one `mulTwo` call of `bench:hop-count`'s driver (10 in flight, without
 * HTTP) to a replica of the calc example (`portico`) or to the echo's responder (`echo`): the
 * messages and payload bytes it takes in and sends out (its monitoring endpoint's `/varz`), and its
 * own instructions, counted by valgrind's callgrind (Go's asynchronous preemption off, which
 * callgrind's signal handling cannot follow). Calls are counted between two dumps of the running
 * server, after 2 000 calls of warm-up: nats-server's own work only, its system calls' kernel side
 * left out. How many messages one socket read or write carries depends on how fast its peers are,
 * and valgrind slows nats-server about fifty times: take its instructions as a comparison of the
 * two carriers under the same conditions, not as its cost in a bench run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, stopProcess, waitForPort } from './processes';
import { REPLICA_ARGS, SERVERS } from './server-specs';

const { values: o } = parseArgs({
  options: {
    carrier: { type: 'string', default: 'portico' },
    calls: { type: 'string', default: '10000' },
    node: { type: 'string', default: process.execPath },
  },
});
const ROOT = path.resolve(__dirname, '../..');
const PREFIX = 'hop';
const WARMUP = 2000;
const RESPONDER = SERVERS.find((spec) => spec.id === 'nats-echo')?.replicaArgs ?? [];
/** How the replica (or the echo's responder) of each carrier starts. */
const REPLICAS: Record<string, readonly string[]> = { portico: REPLICA_ARGS, echo: RESPONDER };
const replicaArgs: readonly string[] =
  REPLICAS[o.carrier] ?? fail(`--carrier ${o.carrier}: portico or echo`);

function fail(message: string): never {
  throw new Error(message);
}

/** The counters of `/varz` that say what nats-server took in and sent out. */
const COUNTERS = ['in_msgs', 'out_msgs', 'in_bytes', 'out_bytes'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;

async function varz(port: number): Promise<Counters> {
  return (await (await fetch(`http://127.0.0.1:${port}/varz`)).json()) as Counters;
}

/** Sends `calls` calls with `bench:hop-count`'s driver, 10 at a time; resolves once all are answered. */
function drive(url: string, calls: number, quiet = false): void {
  const args = ['--drive', String(calls), '--nats', url, '--in-flight', '10'];
  const driver = path.join(__dirname, 'hop-count.js');
  execFileSync(o.node, [driver, ...args, '--carrier', o.carrier], {
    cwd: ROOT,
    stdio: quiet ? 'ignore' : 'inherit',
  });
}

/** The instructions of the last stretch: dumps the running server's counts and reads the dump. */
function dump(pid: number, out: string, nth: number): number {
  execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
  const text = readFileSync(`${out}.${nth}`, 'utf8');
  return Number(/^totals: (\d+)/m.exec(text)?.[1]);
}

async function main(): Promise<void> {
  const [port, monitor] = [await freePort(), await freePort()];
  const out = path.join(tmpdir(), `portico-nats-server-count-${process.pid}.out`);
  const nats = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${out}`, 'nats-server', '-a', '127.0.0.1'].concat([
      '-p',
      String(port),
      '-m',
      String(monitor),
    ]),
    { env: { ...process.env, GODEBUG: 'asyncpreemptoff=1' }, stdio: 'ignore' },
  );
  let replica: ChildProcess | undefined;
  try {
    await waitForPort(port, 120_000);
    const url = `nats://127.0.0.1:${port}`;
    const args = [...replicaArgs, '--nats', url, '--subject-prefix', PREFIX];
    replica = spawn(o.node, args, { cwd: ROOT, stdio: 'ignore' });
    // The warm-up's first call waits for the replica: a driver retries until one answers.
    await waitForAnswer(url);
    drive(url, WARMUP);
    dump(nats.pid as number, out, 1);
    const before = await varz(monitor);
    const calls = Number(o.calls);
    drive(url, calls);
    const instructions = dump(nats.pid as number, out, 2);
    const after = await varz(monitor);
    const per = (n: number) => (n / calls).toFixed(n / calls < 10 ? 2 : 0);
    const counts = COUNTERS.map((key) => `${key} ${per(after[key] - before[key])}`).join(', ');
    process.stdout.write(
      `nats-server per call (${o.carrier}): ${Math.round(instructions / calls)} instructions; ${counts}\n`,
    );
  } finally {
    if (replica) await stopProcess(replica);
    // SIGTERM would reach callgrind's signal handling, which Go's runtime trips: SIGKILL.
    nats.kill('SIGKILL');
    for (const nth of ['', '.1', '.2']) rmSync(`${out}${nth}`, { force: true });
  }
}

/** Resolves once one call through `url` is answered. */
async function waitForAnswer(url: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      drive(url, 1, true);
      return;
    } catch (error) {
      if (tries > 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`nats-server-count: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
