import { connect, type NatsConnection } from 'nats';
import { createMainServer, type NatsReplica, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
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

  it('ping the replicas at most once per second, counted at the nats-server', async () => {
    const placement = { nats: { servers: [nats.url], subjectPrefix: `flood${process.pid}` } };
    let pings = 0;
    const subscription = spy.subscribe(`${placement.nats.subjectPrefix}.>`, {
      callback: (_, message) => {
        if (message.subject.endsWith('._ping')) pings++;
      },
    });
    await spy.flush();
    const main = createMainServer({ microservices: [{ ...calc, placement }], logLevel: 'silent' });
    const url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    let replica: NatsReplica | undefined;
    try {
      replica = await startReplica(calc, placement.nats);
      const started = performance.now();
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(
          Array.from({ length: 40 }, () => send(url, '/-/ready', { method: 'GET' })),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      const seconds = (performance.now() - started) / 1000;
      await spy.flush();
      expect(statuses).toEqual(Array(400).fill(200));
      expect(pings).toBeGreaterThanOrEqual(1);
      // One ping per interval that began during the flood, and the first.
      expect(pings).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    } finally {
      subscription.unsubscribe();
      await main.close();
      await replica?.close();
    }
  });
});
