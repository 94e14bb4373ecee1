import { createMainServer, type MainServer, type NatsReplica, startReplica } from 'portico';
import { launchNats, type NatsChild, terminateNats } from '../../scripts/lib/nats-process';
import { findNatsServer, freePort } from '../../scripts/lib/nats-server';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { scrape, total } from '../support/prometheus';
import { waitFor } from '../support/wait';
import work from './fixtures/work';

const describeNats = checkNats('the refused-credentials test is skipped')
  ? describe
  : describe.skip;

/** Calls until one is answered 200, or fails after `timeoutMs` with the last answer. */
async function untilServed(url: string, timeoutMs: number): Promise<void> {
  const began = Date.now();
  let last = '';
  while (Date.now() - began < timeoutMs) {
    const answer = await send(url, '/work/work/sleep', { headers: json(), body: '1' });
    if (answer.status === 200) return;
    last = `${answer.status} ${answer.text}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no call was served within ${timeoutMs} ms; the last answer: ${last}`);
}

// A nats-server that came back from a restart with other passwords (a configuration rolled out
// too early, then rolled back) refused the reconnections, and after two refusals the NATS client
// gave up for good: the main server answered 503 "the connection to NATS is down; reconnecting"
// until it was restarted, and the replica ended without a word. They keep reconnecting now, as
// docs/scaling-out.md promises, and serve again once the server takes their credentials; the
// refusals are logged once while the connection is down, not at every attempt.
describeNats('a NATS server that refuses the credentials for a while after a restart', () => {
  let natsUrl: string;
  let server: NatsChild;
  let main: MainServer;
  let replica: NatsReplica;
  let url: string;
  const logs: { msg?: string; data?: unknown }[] = [];
  const launch = async (password: string, port: number) => {
    const config = `host: 127.0.0.1\nport: ${port}\nauthorization { user: u, password: ${password} }\n`;
    return launchNats({
      executable: findNatsServer() ?? 'nats-server',
      config: { text: config },
      env: process.env,
    });
  };

  beforeAll(async () => {
    const port = await freePort();
    natsUrl = `nats://127.0.0.1:${port}`;
    server = await launch('good', port);
    const nats = { servers: [natsUrl], user: 'u', password: 'good' };
    replica = await startReplica(work, { ...nats, replicaId: 'r' });
    main = createMainServer({
      logLevel: 'info',
      metrics: true,
      logStream: { write: (line: string) => logs.push(JSON.parse(line)) },
      microservices: [{ ...work, placement: { nats } }],
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await replica?.close();
    if (server) await terminateNats(server.child);
  });

  it('reconnects once the server takes them again, and serves', async () => {
    await untilServed(url, 15_000);
    const port = Number(new URL(natsUrl).port);
    await terminateNats(server.child);
    server = await launch('rotated', port);
    // Two refusals each for the main server and the replica were where the client gave up for
    // good; some more show that they go on, each refusal logged once, not at every attempt.
    const refusals = () => server.log().split('authentication error').length - 1;
    await waitFor(() => refusals() >= 8, { timeoutMs: 20_000, what: 'eight refused connections' });
    const said = (msg: string) => logs.filter((line) => line.msg === msg);
    expect(said('NATS connection lost; reconnecting')).toHaveLength(1);
    expect(said('NATS event').map((line) => line.data)).toEqual(['AUTHORIZATION_VIOLATION']);
    await terminateNats(server.child);
    server = await launch('good', port);
    await untilServed(url, 15_000);
    expect(said('NATS connection restored')).toHaveLength(1);
    const families = await scrape(url);
    expect(total(families, 'portico_nats_reconnects_total')).toBe(1);
  }, 60_000);
});
