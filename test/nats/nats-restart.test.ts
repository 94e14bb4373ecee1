import { createMainServer, type MainServer, nativeApp } from 'portico';
import { post } from '../../scripts/lib/load';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';
import { calcModule } from './fixture-modules';

const describeNats = checkNats('the nats-server restart test is skipped')
  ? describe
  : describe.skip;

describeNats('nats-server restarted', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let baseUrl: string;
  const replicas: ReplicaProcess[] = [];
  const logs: Record<string, unknown>[] = [];
  const add = () =>
    post({ baseUrl, path: '/calc/calculator/add' }, false, `r-${Math.random()}`, '{"a":1,"b":2}');

  beforeAll(async () => {
    nats = await startNatsServer();
    for (let i = 0; i < 2; i++) {
      replicas.push(await startReplicaProcess({ module: calcModule(), natsUrl: nats.url }));
    }
    main = createMainServer({
      logLevel: 'info',
      logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
      microservices: [
        nativeApp({ name: 'calc', services: [], placement: { nats: { servers: [nats.url] } } }),
      ],
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await nats?.stop();
  });

  it('the main server and the replicas reconnect by themselves, and calls succeed again', async () => {
    expect((await add()).status).toBe(200);
    await nats.stop();
    await waitFor(() => logs.some((line) => line.msg === 'NATS connection lost; reconnecting'));
    // While NATS is down the main server knows it, and says so at once.
    const down = await add();
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('1');
    expect(JSON.parse(down.body).error.message).toBe(
      'the connection to NATS is down; reconnecting',
    );

    await nats.restart();
    await waitFor(() => logs.some((line) => line.msg === 'NATS connection restored'), {
      timeoutMs: 15_000,
      what: 'the main server reconnecting',
    });
    for (const replica of replicas) {
      await replica.waitForLog((line) => line.msg === 'NATS connection restored');
    }
    expect(await add()).toMatchObject({ status: 200, body: '{"result":3}' });
    // Both replicas serve again, not only the first one back.
    const calls = (replica: ReplicaProcess) => replica.logs.filter((l) => l.msg === 'call').length;
    const before = replicas.map(calls);
    const served = new Set<number>();
    for (let i = 0; i < 100 && served.size < 2; i++) {
      expect((await add()).status).toBe(200);
      for (const [index, replica] of replicas.entries()) {
        if (calls(replica) > (before[index] ?? 0)) served.add(index);
      }
    }
    expect(served.size).toBe(2);
  });
});
