import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { MAIN_INBOX_PREFIX } from '../../scripts/lib/secure-nats';
import {
  type SecureNatsCluster,
  startSecureNatsCluster,
} from '../../scripts/lib/secure-nats-cluster';
import { type Answer, json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { untilRunning } from '../support/replica-status';
import { compileWorkModule } from './fixture-modules';

const get = (url: string, path: string) => send(url, path, { method: 'GET' });
const describeNats = checkNats('the secure cluster tests are skipped') ? describe : describe.skip;

/**
 * The shipped examples/scale-out/nats-server.conf on a 3-node cluster: the main server on one
 * node, replicas of calc (the `work` fixture under calc's name and credential) on the others.
 */
describeNats('the shipped secure configuration, in a cluster', () => {
  let cluster: SecureNatsCluster;
  let main: MainServer;
  let baseUrl: string;
  let probe: NatsConnection;
  let work: ReturnType<typeof compileWorkModule>;
  const replicas: ReplicaProcess[] = [];

  const startCalc = async (node: number, replicaId: string) => {
    const replica = await startReplicaProcess({
      module: work.file,
      natsUrl: cluster.nodes[node]?.url ?? '',
      args: ['--name', 'calc', '--replica-id', replicaId],
      env: {
        NATS_USER: 'portico-replica',
        NATS_PASSWORD: cluster.passwords['portico-replica'],
        NATS_CA: cluster.caFile,
      },
    });
    replicas.push(replica);
    return replica;
  };
  const sleep = (ms: number): Promise<Answer> =>
    send(baseUrl, '/calc/work/sleep', { headers: json(), body: String(ms) });
  const running = (replica: string, calls = 1) =>
    untilRunning(probe, { subject: 'portico.calc', replica, calls });

  beforeAll(async () => {
    work = compileWorkModule();
    cluster = await startSecureNatsCluster();
    const tls = { caFile: cluster.caFile };
    const user = 'portico-main';
    const password = cluster.passwords['portico-main'];
    const servers = [cluster.urls[0] ?? ''];
    probe = await connect({ servers, user, pass: password, tls });
    main = createMainServer({
      logLevel: 'silent',
      placement: { nats: { servers, user, password, tls, inboxPrefix: MAIN_INBOX_PREFIX } },
      microservices: [nativeApp({ name: 'calc', services: [] })],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 20_000 } },
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await probe?.close();
    await main?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await cluster?.stop();
    work?.remove();
  });

  it('is ready: replicas on other nodes answer readiness pings', async () => {
    expect((await get(baseUrl, '/-/ready')).status).toBe(503);
    await startCalc(1, 'on-n2');
    const giveUpAt = Date.now() + 15_000;
    let ready = await get(baseUrl, '/-/ready');
    while (ready.status !== 200 && Date.now() < giveUpAt) ready = await get(baseUrl, '/-/ready');
    expect(ready).toMatchObject({ status: 200 });
  });

  it("answers calls whose replica's NATS node died while they ran", async () => {
    const calls = [1, 2, 3].map(() => sleep(1_500));
    await running('on-n2', 3);
    await cluster.nodes[1]?.kill();
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  });

  it('drains a replica on SIGTERM: its calls finish, new ones go to the others, exit 0', async () => {
    const leaving = await startCalc(2, 'on-n3');
    // Held calls run until the test ends them: surely in flight while the replica drains.
    const release = path.join(path.dirname(work.file), 'release-drain');
    const hold = () =>
      send(baseUrl, '/calc/work/hold', { headers: json(), body: JSON.stringify(release) });
    const held: Promise<Answer>[] = [];
    const untilLeavingRuns = running('on-n3');
    let busy = false;
    void untilLeavingRuns.then(() => {
      busy = true;
    });
    // Queue groups pick at random: send until the leaving replica holds a call.
    while (!busy) {
      held.push(hold());
      await Promise.race([untilLeavingRuns, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    leaving.kill('SIGTERM');
    await leaving.waitForLog((line) => line.msg === 'stopped taking calls');
    const after = await Promise.all([1, 2, 3].map(() => sleep(10)));
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(leaving.logs.find((line) => line.msg === 'drained')).toBeUndefined();
    writeFileSync(release, '');
    const answers = await Promise.all(held);
    expect(answers.map((answer) => answer.status)).toEqual(held.map(() => 200));
    await expect(leaving.exited).resolves.toBe(0);
    const stopped = leaving.logs.find((line) => line.msg === 'stopped taking calls');
    expect(stopped?.inFlight).toBeGreaterThan(0);
    expect(leaving.logs.find((line) => line.msg === 'drained')).toBeDefined();
  });
});
