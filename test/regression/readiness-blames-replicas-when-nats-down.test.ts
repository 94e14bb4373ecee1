import { createMainServer, type MainServer, type NatsReplica, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { calc } from '../fixtures/services';
import { send } from '../support/http';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the readiness reason test is skipped') ? describe : describe.skip;

/** Reads /-/ready until `done` holds of its reasons; fails after `timeoutMs` with the last. */
async function reasonsUntil(url: string, done: (reasons: string[]) => boolean, timeoutMs = 10_000) {
  const began = Date.now();
  let last: string[] = [];
  while (Date.now() - began < timeoutMs) {
    last = JSON.parse((await send(url, '/-/ready', { method: 'GET' })).text).reasons;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/-/ready kept the reasons ${JSON.stringify(last)}`);
}

// Bug: with the main server's NATS connection down, /-/ready said "no replica of calc answers",
// sending the operator to the replicas, while calls said what was wrong ("the connection to NATS
// is down; reconnecting"). The reason is the calls' now, with the microservice.
describeNats('readiness while the NATS connection is down', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let replica: NatsReplica;
  let url: string;
  beforeAll(async () => {
    nats = await startNatsServer();
    const placement = { nats: { servers: [nats.url] } };
    main = createMainServer({ microservices: [{ ...calc, placement }], logLevel: 'silent' });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    replica = await startReplica(calc, placement.nats);
  });
  afterAll(async () => {
    await main?.close();
    await replica?.close();
    await nats?.stop();
  });

  it('names the NATS connection, as the calls do', async () => {
    await reasonsUntil(url, (reasons) => reasons.length === 0);
    await nats.stop();
    const call = await send(url, '/calc/calculator/add', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1,"b":2}',
    });
    expect(JSON.parse(call.text).error.message).toBe(
      'the connection to NATS is down; reconnecting',
    );
    await reasonsUntil(url, (reasons) =>
      reasons.includes('calc: the connection to NATS is down; reconnecting'),
    );
  }, 30_000);
});
