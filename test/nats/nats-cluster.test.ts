import { readFileSync } from 'node:fs';
import { connect, type NatsConnection } from 'nats';
import { missingRoutes } from '../../scripts/lib/nats-cluster';
import {
  type SecureNatsCluster,
  startSecureNatsCluster,
} from '../../scripts/lib/secure-nats-cluster';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the NATS cluster harness tests are skipped')
  ? describe
  : describe.skip;

/** The cluster harness that the fault tests run on: three routed nodes, TLS, the shipped users. */
describeNats('startSecureNatsCluster', () => {
  let cluster: SecureNatsCluster;
  const clients: NatsConnection[] = [];

  /** A client of the `other` user (free outside portico's subjects) on the given node first. */
  const clientOn = async (node: number) => {
    const url = cluster.nodes[node]?.url ?? '';
    const client = await connect({
      servers: [url, ...cluster.urls.filter((other) => other !== url)],
      noRandomize: true,
      user: 'other',
      pass: cluster.passwords.other,
      tls: { caFile: cluster.caFile },
      reconnectTimeWait: 50,
    });
    clients.push(client);
    return client;
  };

  /** Sends `text` from `from` until the subscriber on another node gets it (interest spreads). */
  const deliver = async (from: NatsConnection, to: NatsConnection, subject: string) => {
    const received = to.subscribe(subject, { max: 1 });
    await to.flush();
    const first = received[Symbol.asyncIterator]().next();
    let got = false;
    void first.then(() => {
      got = true;
    });
    while (!got) {
      from.publish(subject, 'hello');
      await from.flush();
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 20))]);
    }
    return (await first).value?.string();
  };

  beforeAll(async () => {
    cluster = await startSecureNatsCluster();
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await cluster?.stop();
  });

  it('starts three nodes, each routed to the two others over TLS', async () => {
    const ids = await Promise.all(cluster.nodes.map((node) => node.serverId()));
    for (const [i, node] of cluster.nodes.entries()) {
      expect((await node.routedTo()).sort()).toEqual(ids.filter((_, j) => j !== i).sort());
      expect(node.log()).toMatch(/TLS required for client connections/);
    }
    await expect(deliver(await clientOn(0), await clientOn(2), 'elsewhere.hello')).resolves.toBe(
      'hello',
    );
  });

  it('refuses a client without the shipped credentials, on every node', async () => {
    for (const url of cluster.urls) {
      await expect(
        connect({ servers: url, tls: { caFile: cluster.caFile } }),
      ).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    }
  });

  it('kill -9 a node: its clients move to another node, and it comes back routed on restart', async () => {
    const node = cluster.nodes[1];
    if (!node) throw new Error('no second node');
    const moving = await clientOn(1);
    const pid = node.pid();
    const reconnected = statusOf(moving, 'reconnect');
    await node.kill();
    expect(node.isRunning()).toBe(false);
    expect(node.pid()).toBeUndefined();
    expect(() => process.kill(pid ?? 0, 0)).toThrow();
    await reconnected;
    await expect(deliver(moving, await clientOn(0), 'elsewhere.moved')).resolves.toBe('hello');
    await node.restart();
    await cluster.waitForRoutes();
    expect(await node.routedTo()).toHaveLength(2);
    await expect(deliver(await clientOn(1), await clientOn(2), 'elsewhere.back')).resolves.toBe(
      'hello',
    );
  });

  it('pause (SIGSTOP) holds a node still until resume', async () => {
    const node = cluster.nodes[2];
    if (!node) throw new Error('no third node');
    const client = await clientOn(2);
    let resumed = false;
    node.pause();
    await until(() => processState(node.pid()) === 'T');
    const flushed = client.flush().then(() => resumed);
    await cluster.waitForRoutes();
    resumed = true;
    node.resume();
    await expect(flushed).resolves.toBe(true);
    expect(node.isPaused()).toBe(false);
  });

  it('stops every node, paused or not', async () => {
    const other = await startSecureNatsCluster({ size: 2 });
    const pids = other.nodes.map((node) => node.pid() ?? 0);
    other.nodes[0]?.pause();
    await other.stop();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('missingRoutes', () => {
  const node = (name: string, routedTo: string[], state: 'up' | 'paused' | 'down' = 'up') => ({
    name,
    isRunning: () => state !== 'down',
    isPaused: () => state === 'paused',
    serverId: async () => `id-${name}`,
    routedTo: async () => routedTo.map((to) => `id-${to}`),
  });

  it('names each missing route between live nodes, and nothing once all are up', async () => {
    const a = node('n1', ['n2']);
    await expect(missingRoutes([a, node('n2', ['n1']), node('n3', ['n1'])])).resolves.toBe(
      'n1→n3, n2→n3, n3→n2',
    );
    await expect(
      missingRoutes([a, node('n2', ['n1', 'n3']), node('n3', [], 'paused')]),
    ).resolves.toBe('');
    await expect(missingRoutes([a, node('n2', ['n1']), node('n3', [], 'down')])).resolves.toBe('');
  });
});

/** Resolves at the connection's next status event of `type`. */
async function statusOf(client: NatsConnection, type: string): Promise<void> {
  for await (const status of client.status()) if (status.type === type) return;
}

/** Resolves once `condition` holds, checking it every 10 ms. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The state letter of a process in /proc (`T` while stopped by a signal). */
function processState(pid: number | undefined): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}
