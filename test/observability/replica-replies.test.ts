import { hostname } from 'node:os';
import { connect, createInbox, type NatsConnection } from 'nats';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { decodeEnvelope, encodeReply } from '../../src/protocol/codec';
import { compileWorkModule } from '../nats/fixture-modules';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { type Families, samples, scrape, total } from '../support/prometheus';

const describeNats = checkNats('the replies-by-replica tests are skipped')
  ? describe
  : describe.skip;
const CALLS = 40;
const REPLIES = 'portico_nats_replies_total';

/** The replica ids of the series of `microservice`, with their counts. */
function byReplica(families: Families, microservice: string): Record<string, number> {
  return Object.fromEntries(
    samples(families, REPLIES, { microservice }).map((s) => [s.labels?.replica, Number(s.value)]),
  );
}

describeNats('NATS replies counted by replica at the main server', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let url: string;
  let work: ReturnType<typeof compileWorkModule>;
  let client: NatsConnection;
  const processes: ReplicaProcess[] = [];
  /** The ids that the liar below named itself with, one per reply. */
  let lies = 0;

  beforeAll(async () => {
    work = compileWorkModule();
    nats = await startNatsServer();
    const start = (args: string[]) =>
      startReplicaProcess({ module: work.file, natsUrl: nats.url, args, logLevel: 'info' });
    processes.push(await start([]), await start(['--replica-id', 'work-b', '--admin-port', '0']));
    client = await connect({ servers: nats.url });
    // A replica that misbehaves: every reply names a replica never seen before; the method name
    // asks for a reply that names none, or one whose id breaks the rule.
    client.subscribe('portico.liar', {
      queue: 'portico.liar',
      callback: (_, msg) => {
        const { method } = decodeEnvelope(msg.data);
        const replica =
          method === 'anonymous'
            ? undefined
            : method === 'malformed'
              ? 'bad id!'
              : `liar-${lies++}`;
        msg.respond(encodeReply({ ok: true, body: '1' }, replica));
      },
    });
    await client.flush();
    main = createMainServer({
      logLevel: 'silent',
      metrics: true,
      placement: { nats: { servers: [nats.url] } },
      microservices: [
        nativeApp({ name: 'work', services: [] }),
        nativeApp({ name: 'liar', services: [] }),
      ],
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await client?.close();
    await Promise.all(processes.map((replica) => replica.stop()));
    await nats?.stop();
    work?.remove();
  });

  it('counts each reply under the replica that sent it: its --replica-id, or <hostname>:<pid>', async () => {
    const answeredBy = new Map<string, number>();
    for (let i = 0; i < CALLS; i++) {
      const answer = await send(url, '/work/work/sleep', { headers: json(), body: '0' });
      expect(answer.status).toBe(200);
      answeredBy.set(answer.text, (answeredBy.get(answer.text) ?? 0) + 1);
    }
    const [byDefault, named] = processes as [ReplicaProcess, ReplicaProcess];
    const expected = {
      [`${hostname()}:${byDefault.pid}`]: answeredBy.get(String(byDefault.pid)) ?? 0,
      'work-b': answeredBy.get(String(named.pid)) ?? 0,
    };
    // The queue group spreads 40 calls over both replicas: each gets some (all but surely).
    expect(Object.values(expected).every((count) => count > 0)).toBe(true);
    const families = await scrape(url);
    expect(byReplica(families, 'work')).toEqual(expected);
    expect(total(families, REPLIES, { microservice: 'work' })).toBe(CALLS);
  });

  it('names the same id in the replica ready line, the ping answers and the admin metrics', async () => {
    const [byDefault, named] = processes as [ReplicaProcess, ReplicaProcess];
    const ready = await named.waitForLog((line) => line.msg === 'replica ready');
    expect(ready).toMatchObject({ microservice: 'work', replica: 'work-b' });
    const defaultReady = await byDefault.waitForLog((line) => line.msg === 'replica ready');
    expect(defaultReady.replica).toBe(`${hostname()}:${byDefault.pid}`);

    const pongs: { replica: string; pid: number }[] = [];
    const inbox = createInbox();
    const gotBoth = new Promise<void>((resolve) => {
      client.subscribe(inbox, {
        max: 2,
        callback: (_, msg) => {
          pongs.push(msg.json());
          if (pongs.length === 2) resolve();
        },
      });
    });
    client.publish('portico.work._ping', new Uint8Array(0), { reply: inbox });
    await gotBoth;
    expect(pongs.map(({ replica, pid }) => [replica, pid]).sort()).toEqual(
      [
        [`${hostname()}:${byDefault.pid}`, byDefault.pid],
        ['work-b', named.pid],
      ].sort(),
    );

    const admin = `http://127.0.0.1:${ready.adminPort}`;
    const families = await scrape(admin);
    const labels = { microservice: 'work', replica: 'work-b' };
    expect(samples(families, 'portico_replica_concurrency', labels)).toHaveLength(1);
    expect(total(families, 'portico_replica_running_calls', labels)).toBe(0);
  });

  it('keeps at most 100 replicas of a microservice apart, and counts the rest as _other', async () => {
    for (let i = 0; i < 150; i++) {
      expect((await send(url, '/liar/any/named', { headers: json(), body: '1' })).status).toBe(200);
    }
    const families = await scrape(url);
    const counts = byReplica(families, 'liar');
    expect(Object.keys(counts)).toHaveLength(101);
    for (let i = 0; i < 100; i++) expect(counts[`liar-${i}`]).toBe(1);
    expect(counts._other).toBe(50);
    expect(total(families, REPLIES, { microservice: 'liar' })).toBe(150);
  });

  it('refuses a reply whose replica id breaks the rule with 502, and counts it and a reply without an id as _unknown', async () => {
    const anonymous = await send(url, '/liar/any/anonymous', { headers: json(), body: '1' });
    expect(anonymous).toMatchObject({ status: 200, text: '1' });
    const malformed = await send(url, '/liar/any/malformed', { headers: json(), body: '1' });
    expect(malformed.status).toBe(502);
    expect(malformed.error).toMatchObject({ code: 'BAD_REPLY' });
    expect(malformed.error?.message).toMatch(
      /^the reply of liar was refused: malformed frame: replica must be 1 to 128 characters/,
    );
    const counts = byReplica(await scrape(url), 'liar');
    expect(counts._unknown).toBe(2);
    expect(Object.keys(counts)).toHaveLength(102);
  });
});
