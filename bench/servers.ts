import { type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, spawnPinned, stopProcess, waitForPort } from './processes';
import { REPLICA_ARGS, type ServerSpec } from './server-specs';

/** A server that listens on loopback, with the replicas it sends its calls to, if any. */
export interface RunningServer {
  readonly spec: ServerSpec;
  readonly port: number;
  /** The main server's process id. */
  readonly pid: number;
  /** Every process that serves a call: the main server, its replicas and the nats-server. */
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

/** Where a server starts: its core, the directory for CPU profiles, and the NATS to use. */
export interface ServerPlacement {
  readonly root: string;
  readonly core: string | undefined;
  readonly profileDir: string | undefined;
  /** The node binary of the servers; default the bench's own. */
  readonly node?: string | undefined;
  readonly nats?: { readonly url: string; readonly pid: number };
}

interface Launched {
  readonly child: ChildProcess;
  /** Rejects when the process exits, with the end of what it wrote on stderr. */
  readonly exited: Promise<never>;
}

/** Starts `spec` (and its replicas) on a free port and waits until it accepts connections. */
export async function startServer(
  spec: ServerSpec,
  placement: ServerPlacement,
): Promise<RunningServer> {
  const launched: Launched[] = [];
  const stop = async () => {
    await Promise.all(launched.map(({ child }) => stopProcess(child)));
  };
  const node = spec.node === 'bench' ? process.execPath : placement.node;
  const own = { ...placement, root: spec.root ?? placement.root, node };
  try {
    const env: Record<string, string> = { NODE_ENV: 'production', ...spec.env };
    if (spec.natsReplicas) {
      if (!placement.nats) throw new Error(`server ${spec.id} needs a nats-server`);
      const prefix = `bench-${spec.id}`;
      Object.assign(env, { NATS_URL: placement.nats.url, SUBJECT_PREFIX: prefix });
      const replica = spec.replicaArgs ?? REPLICA_ARGS;
      const args = [...replica, '--nats', placement.nats.url, '--subject-prefix', prefix];
      for (let i = 0; i < spec.natsReplicas; i++) {
        launched.push(launch(args, { env, placement: own, name: `${spec.id} replica` }));
      }
    }
    const port = await freePort();
    const mainEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
    const main = launch(spec.args, { env: mainEnv, placement: own, name: spec.id });
    launched.unshift(main);
    await Promise.race([waitForPort(port), ...launched.map((l) => l.exited)]);
    const pids = launched.map(({ child }) => child.pid as number);
    if (placement.nats && spec.natsReplicas) pids.push(placement.nats.pid);
    return { spec, port, pid: main.child.pid as number, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function launch(
  args: readonly string[],
  {
    env,
    placement,
    name,
  }: { env: Record<string, string>; placement: ServerPlacement; name: string },
): Launched {
  const profile = placement.profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(placement.profileDir)}`]
    : [];
  const child = spawnPinned(placement.node ?? process.execPath, [...profile, ...args], {
    core: placement.core,
    cwd: placement.root,
    env,
  });
  let tail = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-4000);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${tail}`))),
  );
  exited.catch(() => {});
  return { child, exited };
}
