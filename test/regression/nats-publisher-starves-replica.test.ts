import { connect, type NatsConnection } from 'nats';
import { createMainServer, type NatsReplica, nativeApp, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { decodeReply } from '../../src/protocol/codec';
import { type CallEnvelope, type CallReply } from '../../src/protocol/envelope';
import work from '../nats/fixtures/work';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { forgedCall } from '../support/nats-probe';

const describeNats = checkNats('the replica limit tests are skipped') ? describe : describe.skip;
const MAX_CALL_MS = 500;

/**
 * Finding: a NATS publisher could hold a replica's slots for 24 days, make its timers fire at
 * once, queue frames without bound, and send any number of arguments. The replica now enforces
 * its own limits, whatever the frame says.
 */
describeNats('a NATS publisher starves a replica', () => {
  let nats: NatsServerProcess;
  let client: NatsConnection;
  const replicas: NatsReplica[] = [];

  /** Sends a hand-made frame to the replicas of `microservice` and decodes their reply. */
  const call = async (microservice: string, fields: Partial<CallEnvelope>, budgetMs?: number) => {
    const frame = forgedCall({ microservice, service: 'work', ...fields }, budgetMs);
    const msg = await client.request(`portico.${microservice}`, frame, { timeout: 10_000 });
    return decodeReply(msg.data);
  };
  const failure = (reply: CallReply) => (reply.ok ? 'ok' : reply.error.code);

  beforeAll(async () => {
    nats = await startNatsServer();
    const servers = [nats.url];
    replicas.push(
      await startReplica(work, { servers, maxCallMs: MAX_CALL_MS, maxBodyBytes: 64 * 1024 }),
      await startReplica(work, { servers, name: 'queued', concurrency: 1, maxWaiting: 2 }),
    );
    client = await connect({ servers });
  });

  afterAll(async () => {
    await client?.close();
    await Promise.all(replicas.map((replica) => replica.close()));
    await nats?.stop();
  });

  it('cuts a budget of 24 days to the replica maxCallMs', async () => {
    const sleep = { method: 'sleep', args: ['60000'] };
    const reply = await call('work', sleep, 2 ** 31 - 1000);
    expect(failure(reply)).toBe('DEADLINE_EXCEEDED');
  });

  it('runs a call whose budget is beyond 2^31 ms instead of timing it out at once', async () => {
    const reply = await call('work', { method: 'sleep', args: ['100'] }, 2 ** 31 + 5_000);
    expect(reply).toEqual({ ok: true, body: expect.any(String), replica: replicas[0]?.replicaId });
  });

  it('answers OVERLOADED at once when its wait queue is full', async () => {
    const sleep = { method: 'sleep', args: ['300'] };
    const order: string[] = [];
    const replies = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const reply = await call('queued', sleep);
        order.push(`${n}:${failure(reply)}`);
        return reply;
      }),
    );
    expect(replies.map(failure)).toEqual(['ok', 'ok', 'ok', 'OVERLOADED']);
    expect(order[0]).toBe('4:OVERLOADED');
    expect(replies[3]).toMatchObject({ ok: false, error: { status: 503 } });
  });

  it('is 503 with Retry-After through a main server, like its own cap', async () => {
    const main = createMainServer({
      logLevel: 'silent',
      microservices: [
        nativeApp({ name: 'queued', services: [], placement: { nats: { servers: [nats.url] } } }),
      ],
    });
    const baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    const sent = { headers: json(), body: '300' };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => send(baseUrl, '/queued/work/sleep', sent)),
    );
    await main.close();
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error?.code).toBe('OVERLOADED');
    expect(refused[0]?.headers['retry-after']).toBe('1');
  });

  it('refuses more arguments than maxArgs before reading them', async () => {
    const many = { apiId: 'RMC' as const, method: 'sleep', args: new Array(100_000).fill('1') };
    const reply = await call('work', many);
    expect(reply).toMatchObject({ ok: false, error: { status: 400, code: 'LIMIT_EXCEEDED' } });
    expect(reply.ok ? '' : reply.error.message).toContain('at most 256');
  });

  it('refuses arguments larger than its maxBodyBytes', async () => {
    const reply = await call('work', { method: 'measure', args: [`"${'x'.repeat(100_000)}"`] });
    expect(reply).toMatchObject({ ok: false, error: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses to start with a maxCallMs that a timer cannot hold', async () => {
    const servers = [nats.url];
    await expect(startReplica(work, { servers, maxCallMs: 2 ** 31 })).rejects.toThrow(/maxCallMs/);
  });
});
