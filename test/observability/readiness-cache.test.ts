import { connect, type NatsConnection } from 'nats';
import { createMainServer, type NatsReplica, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { WATCH_TIMING } from '../../src/transport/nats/replica-ping';
import { calc } from '../fixtures/services';
import { send } from '../support/http';
import { checkNats } from '../support/nats';

const natsDescribe = checkNats('the readiness cache test') ? describe : describe.skip;

/** Issue 24: a flood of `/-/ready` must not become a flood of pings on NATS. */
natsDescribe('readiness checks on a flood of /-/ready', () => {
  let nats: NatsServerProcess;
  let spy: NatsConnection;
  beforeAll(async () => {
    nats = await startNatsServer();
    spy = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await spy?.close();
    await nats?.stop();
  });

  it('ping the replicas no more than the replica watch does, counted at the nats-server', async () => {
    const placement = { nats: { servers: [nats.url], subjectPrefix: `flood${process.pid}` } };
    let pings = 0;
    const subscription = spy.subscribe(`${placement.nats.subjectPrefix}.>`, {
      callback: (_, message) => {
        if (message.subject.endsWith('._ping')) pings++;
      },
    });
    await spy.flush();
    const begun = performance.now();
    const main = createMainServer({ microservices: [{ ...calc, placement }], logLevel: 'silent' });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    let replica: NatsReplica | undefined;
    try {
      replica = await startReplica(calc, placement.nats);
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, () => send(url, '/-/ready', { method: 'GET' })),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      await spy.flush();
      const watching = performance.now() - begun;
      expect(statuses).toEqual(Array(400).fill(200));
      expect(pings).toBeGreaterThanOrEqual(1);
      // Readiness reads what the replica watch learnt from its pings (docs/faults.md): the flood
      // adds none to one per period since the main server started, and the first.
      expect(pings).toBeLessThanOrEqual(Math.ceil(watching / WATCH_TIMING.pingEveryMs) + 1);
    } finally {
      subscription.unsubscribe();
      await main.close();
      await replica?.close();
    }
  });
});
