import path from 'node:path';
import { createClient, createMainServer, type MainServer, nativeApp } from 'portico';
import type { RelayService } from '../../examples/relay/relay.service';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { calcModule } from '../nats/fixture-modules';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the relay example test is skipped') ? describe : describe.skip;

/** The relay example as the scale-out example runs it: replicas of calc and relay on NATS. */
describeNats('the relay example microservice', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let baseUrl: string;
  const processes: ReplicaProcess[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    const relayModule = path.join(path.dirname(calcModule()), '..', 'relay', 'index.js');
    for (const module of [calcModule(), relayModule]) {
      processes.push(await startReplicaProcess({ module, natsUrl: nats.url }));
    }
    main = createMainServer({
      logLevel: 'silent',
      placement: { nats: { servers: [nats.url] } },
      microservices: [nativeApp({ name: 'relay', services: [] })],
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await Promise.all(processes.map((replica) => replica.stop()));
    await nats?.stop();
  });

  it('answers by calling calc over NATS', async () => {
    const relay = createClient<RelayService>({ baseUrl, microservice: 'relay', service: 'relay' });
    expect(await relay.square(7)).toBe(49);
    expect(await relay.cube(3)).toEqual({ result: 27 });
  });

  it('answers 503 once calc has no replica, as calc itself would', async () => {
    const calcReplica = processes[0] as ReplicaProcess;
    calcReplica.kill('SIGTERM');
    await calcReplica.exited;
    const relay = createClient<RelayService>({ baseUrl, microservice: 'relay', service: 'relay' });
    await expect(relay.square(7)).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
