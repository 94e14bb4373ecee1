import type { ChildProcess } from 'node:child_process';
import { isRunning, killNats, launchNats, type NatsLaunch, terminateNats } from './nats-process';

/** The ports of one cluster node: clients, routes and the monitoring endpoint. */
export interface NatsNodePorts {
  readonly client: number;
  readonly cluster: number;
  readonly monitor: number;
}

/** One node of a {@link NatsCluster}: a nats-server child that a test can kill, pause and restart. */
export interface NatsClusterNode {
  /** The node's `server_name`, `n1`, `n2`, … */
  readonly name: string;
  /** The client URL, without credentials. */
  readonly url: string;
  readonly ports: NatsNodePorts;
  /** The process id of the node's current process, or `undefined` while it is down. */
  pid(): number | undefined;
  /** True while the process runs (paused or not). */
  isRunning(): boolean;
  /** True between {@link pause} and {@link resume}. */
  isPaused(): boolean;
  /** kill -9, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), resolved once the process is gone. */
  stop(): Promise<void>;
  /** SIGSTOP: the process keeps its sockets but answers nothing, as a hung host would. */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** Starts the node again on the same ports (killing it first if it still runs). */
  restart(): Promise<void>;
  /** The tail of what the node logged since its last start. */
  log(): string;
  /** The node's current server id (a new one at each start), from its monitoring endpoint. */
  serverId(): Promise<string>;
  /** The server ids of the nodes this node has a route to, from its monitoring endpoint. */
  routedTo(): Promise<string[]>;
}

/** The part of nats-server's `/routez` that the harness reads. */
interface Routez {
  readonly server_id: string;
  readonly routes?: readonly { readonly remote_id: string }[];
}

/** Starts one node from its launch description and wraps it as a {@link NatsClusterNode}. */
export async function startClusterNode(
  name: string,
  ports: NatsNodePorts,
  how: NatsLaunch,
): Promise<NatsClusterNode> {
  let current = await launchNats(how);
  let paused = false;
  const child = (): ChildProcess => current.child;
  const signal = (name: NodeJS.Signals) => {
    if (isRunning(child())) child().kill(name);
  };
  return {
    name,
    url: `nats://127.0.0.1:${ports.client}`,
    ports,
    pid: () => (isRunning(child()) ? child().pid : undefined),
    isRunning: () => isRunning(child()),
    isPaused: () => paused && isRunning(child()),
    kill: () => killNats(child()),
    stop: () => terminateNats(child()),
    pause() {
      signal('SIGSTOP');
      paused = true;
    },
    resume() {
      signal('SIGCONT');
      paused = false;
    },
    async restart() {
      await killNats(child());
      paused = false;
      current = await launchNats(how);
    },
    log: () => current.log(),
    serverId: async () => (await routez(ports.monitor)).server_id,
    routedTo: async () => ((await routez(ports.monitor)).routes ?? []).map((to) => to.remote_id),
  };
}

async function routez(monitorPort: number): Promise<Routez> {
  const response = await fetch(`http://127.0.0.1:${monitorPort}/routez`);
  return (await response.json()) as Routez;
}
