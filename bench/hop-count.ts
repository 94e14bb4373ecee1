/**
 * `npm run bench:hop-count -- --side main|replica [--carrier portico|echo|echo-request]
 * [--in-flight N] [--calls N] [--warmup N] [--root DIR] [--node PATH]`: the instructions that one `mulTwo` call over NATS
 * costs one end of the hop, without HTTP, counted by valgrind's callgrind. A nats-server and a
 * replica of the calc example run on loopback; a driver in this process's place sends the calls
 * with the main server's own `requestReply` (frames, request mux, NATS client), `--in-flight` at a
 * time. `--side main` counts the driver, `--side replica` the replica (`portico microservice`).
 * `--carrier echo` counts the `nats-echo` baseline's ends instead: the body's bytes as a NATS
 * request (`baselines/reply-mux.ts`), and its responder; `echo-request` the same with the `nats`
 * client's own `request`. Each is counted twice, for `--calls` and for five times as many, start
 * to exit; the difference over the difference of the calls leaves out start-up, connecting and
 * the first compiles, which both runs share. `--warmup N` adds N calls to both runs: the compiles
 * that a longer run reaches and a shorter one does not then fall out too. `--root` starts the
 * replica of another built checkout, driven by this one's driver.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { echoCaller, echoRequestCaller, porticoCaller } from './hop-callers';
import { startBenchNats } from './nats-server';
import { stopProcess } from './processes';
import { REPLICA_ARGS, SERVERS } from './server-specs';

const { values: o } = parseArgs({
  options: {
    side: { type: 'string', default: 'main' },
    carrier: { type: 'string', default: 'portico' },
    warmup: { type: 'string', default: '0' },
    calls: { type: 'string', default: '2000' },
    'in-flight': { type: 'string', default: '10' },
    node: { type: 'string', default: process.execPath },
    root: { type: 'string' },
    drive: { type: 'string' },
    nats: { type: 'string' },
  },
});
const ROOT = path.resolve(__dirname, '../..');
/** The built checkout whose replica is started: another build's, to count it with this driver. */
const REPLICA_ROOT = path.resolve(o.root ?? ROOT);
const PREFIX = 'hop';
const RESPONDER = SERVERS.find((spec) => spec.id === 'nats-echo')?.replicaArgs ?? [];
/** Each carrier: how its driver calls, and how its replica (or responder) starts. */
const CARRIERS = {
  portico: { caller: porticoCaller, replica: REPLICA_ARGS },
  echo: { caller: echoCaller, replica: RESPONDER },
  'echo-request': { caller: echoRequestCaller, replica: RESPONDER },
};
const carrier = CARRIERS[o.carrier as keyof typeof CARRIERS];
if (!carrier) throw new Error(`--carrier ${o.carrier}: portico, echo or echo-request`);

/** Sends `calls` calls, `in-flight` at a time; exits non-zero when one is not answered `6`. */
async function drive(url: string, calls: number): Promise<void> {
  const caller = await carrier.caller(url, PREFIX);
  let left = calls;
  const lane = async () => {
    while (left-- > 0) await caller.call();
  };
  await Promise.all(Array.from({ length: Number(o['in-flight']) }, lane));
  await caller.close();
}

/** `args` run by node in `cwd`, under callgrind when `counted` (into `out`). */
function start(args: readonly string[], counted: boolean, out: string, cwd = ROOT): ChildProcess {
  const node = [o.node, '--single-threaded', ...args];
  const command = counted
    ? ['valgrind', '--tool=callgrind', `--callgrind-out-file=${out}`, ...node]
    : node;
  const child = spawn(command[0] as string, command.slice(1), { cwd, stdio: 'pipe' });
  child.stdout?.resume();
  // The end of what it wrote, for the error when it fails (valgrind's own lines included).
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2000);
  });
  child.once('exit', (code) => {
    if (code) process.stderr.write(`${args[0]} exited with ${code}: ${said}\n`);
  });
  return child;
}

/** One run, start to exit: the counted side's total instructions. */
async function counted(calls: number): Promise<number> {
  const nats = await startBenchNats(undefined);
  const out = path.join(tmpdir(), `portico-hop-count-${process.pid}-${calls}.out`);
  const replicaArgs = [...carrier.replica, '--nats', nats.url, '--subject-prefix', PREFIX];
  const replica = start(replicaArgs, o.side === 'replica', out, REPLICA_ROOT);
  try {
    const driveArgs = [__filename, '--drive', String(calls), '--nats', nats.url];
    // The replica may not have subscribed yet: the driver's first calls would find no responder.
    await waitForReplica(nats.url);
    const inFlight = ['--in-flight', String(o['in-flight']), '--carrier', o.carrier];
    const driver = start([...driveArgs, ...inFlight], o.side === 'main', out);
    const code = await new Promise((resolve) => driver.once('exit', resolve));
    if (code !== 0) throw new Error(`the driver exited with ${code}`);
  } finally {
    await stopProcess(replica, 120_000);
    await nats.stop();
  }
  const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'))?.[1]);
  rmSync(out, { force: true });
  return total;
}

/** Resolves once a call on the calc subject is answered. */
async function waitForReplica(url: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      const args = ['--drive', '1', '--nats', url, '--in-flight', '1', '--carrier', o.carrier];
      execFileSync(o.node, [__filename, ...args], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      return;
    } catch (error) {
      if (tries > 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function main(): Promise<void> {
  if (o.drive) return drive(o.nats as string, Number(o.drive));
  const calls = Number(o.calls);
  const warm = Number(o.warmup);
  const per = ((await counted(warm + 5 * calls)) - (await counted(warm + calls))) / (4 * calls);
  const version = execFileSync(o.node, ['--version'], { encoding: 'utf8' }).trim();
  process.stdout.write(
    `${o.side} end of the hop (${o.carrier}), ${o['in-flight']} in flight, Node ${version}: ${Math.round(per)} instructions per call\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`hop-count: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
