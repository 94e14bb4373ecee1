import { readFileSync } from 'node:fs';
import { type NatsClusterNode, type NatsNodePorts, startClusterNode } from './nats-cluster-node';
import { findNatsServer, freePort } from './nats-server';

export type { NatsClusterNode, NatsNodePorts } from './nats-cluster-node';

/** Options of {@link startNatsCluster}. */
export interface NatsClusterOptions {
  /** How many routed nodes. Default 3. */
  readonly size?: number;
  /**
   * The configuration file every node starts from, such as `examples/scale-out/nats-server.conf`.
   * It must take its client port from `NATS_PORT` (`port: $NATS_PORT`). Each node runs a copy
   * of its text with its name, monitoring port and `cluster` block added, so the file's own
   * users, permissions and TLS are what runs. Default: a plain server on 127.0.0.1.
   */
  readonly configFile?: string;
  /** Lines added inside every node's `cluster` block, such as a `tls { … }` block for routes. */
  readonly clusterConfig?: string;
  /** Lines added to every node's configuration, such as `ping_interval: "1s"`. */
  readonly extraConfig?: string;
  /** More environment variables for the nodes, such as the ones the configuration reads. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A cluster of nats-server nodes routed to each other on loopback ports. */
export interface NatsCluster {
  readonly nodes: readonly NatsClusterNode[];
  /** Every node's client URL, the `servers` list a client should be given. */
  readonly urls: readonly string[];
  /**
   * Resolves once every running, unpaused node has a route to every other running, unpaused
   * node, as their monitoring endpoints say; rejects after `timeoutMs` (default 15 s).
   */
  waitForRoutes(timeoutMs?: number): Promise<void>;
  /** Stops every node (paused ones are woken first). */
  stop(): Promise<void>;
}

const PLAIN = 'host: 127.0.0.1\nport: $NATS_PORT\n';

/**
 * Starts a routed nats-server cluster on free loopback ports and waits until its routes are up.
 *
 * @example
 * const cluster = await startNatsCluster();
 * await cluster.nodes[1]?.kill(); // kill -9 the second node
 * await cluster.nodes[1]?.restart();
 * await cluster.waitForRoutes();
 */
export async function startNatsCluster(options: NatsClusterOptions = {}): Promise<NatsCluster> {
  const executable = findNatsServer();
  if (!executable) throw new Error('nats-server is not on PATH');
  const base = options.configFile ? readFileSync(options.configFile, 'utf8') : PLAIN;
  const size = options.size ?? 3;
  const ports: NatsNodePorts[] = [];
  for (let i = 0; i < size; i++) {
    ports.push({ client: await freePort(), cluster: await freePort(), monitor: await freePort() });
  }
  const nodes: NatsClusterNode[] = [];
  const cluster: NatsCluster = {
    nodes,
    urls: ports.map((port) => `nats://127.0.0.1:${port.client}`),
    waitForRoutes: (timeoutMs = 15_000) => waitForRoutes(nodes, timeoutMs),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
  try {
    for (const [i, own] of ports.entries()) {
      const text = `${base}\n${nodeConfig(`n${i + 1}`, own, ports, options)}`;
      const env = { ...process.env, ...options.env, NATS_PORT: String(own.client) };
      nodes.push(await startClusterNode(`n${i + 1}`, own, { executable, config: { text }, env }));
    }
    await cluster.waitForRoutes();
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** What the harness adds to a node's configuration: its name, monitoring port and routes. */
function nodeConfig(
  name: string,
  own: NatsNodePorts,
  all: readonly NatsNodePorts[],
  options: NatsClusterOptions,
): string {
  const routes = all
    .filter((port) => port !== own)
    .map((port) => `nats-route://127.0.0.1:${port.cluster}`);
  return [
    `server_name: ${name}`,
    `http: "127.0.0.1:${own.monitor}"`,
    options.extraConfig ?? '',
    'cluster {',
    '  name: portico',
    `  listen: "127.0.0.1:${own.cluster}"`,
    `  routes: [${routes.map((route) => `"${route}"`).join(', ')}]`,
    options.clusterConfig ?? '',
    '}',
    '',
  ].join('\n');
}

async function waitForRoutes(nodes: readonly NatsClusterNode[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let missing = '';
  for (;;) {
    missing = await missingRoutes(nodes);
    if (!missing) return;
    if (Date.now() > deadline) throw new Error(`NATS cluster routes not up: ${missing}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The routes still missing between live nodes, as `n1→n2, …`, or '' when all are up. */
export async function missingRoutes(
  nodes: readonly Pick<
    NatsClusterNode,
    'name' | 'isRunning' | 'isPaused' | 'serverId' | 'routedTo'
  >[],
): Promise<string> {
  const live = nodes.filter((node) => node.isRunning() && !node.isPaused());
  const ids = await Promise.all(live.map((node) => node.serverId().catch(() => '?')));
  const missing: string[] = [];
  for (const node of live) {
    const routed = new Set(await node.routedTo().catch(() => []));
    live.forEach((other, i) => {
      if (other !== node && !routed.has(ids[i] ?? '?')) missing.push(`${node.name}→${other.name}`);
    });
  }
  return missing.join(', ');
}
