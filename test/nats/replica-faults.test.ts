import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type CallRecord, post, runLoad } from '../../scripts/lib/load';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';
import { calcModule, compileWorkModule } from './fixture-modules';

const CALL_TIMEOUT_MS = 4_000;
const LOAD_CONCURRENCY = 16;
const describeNats = checkNats('the replica fault tests are skipped') ? describe : describe.skip;

/** Replicas as real processes, a real nats-server, and a main server in this process. */
describeNats('replicas under faults', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let baseUrl: string;
  let work: ReturnType<typeof compileWorkModule>;
  const processes: ReplicaProcess[] = [];
  const mainLogs: Record<string, unknown>[] = [];

  const startWork = async (args: string[] = []) => {
    const replica = await startReplicaProcess({ module: work.file, natsUrl: nats.url, args });
    processes.push(replica);
    return replica;
  };
  const call = (path: string, body: string, requestId = `one-${Math.random()}`) =>
    post({ baseUrl, path }, false, requestId, body);

  beforeAll(async () => {
    work = compileWorkModule();
    nats = await startNatsServer();
    processes.push(await startReplicaProcess({ module: calcModule(), natsUrl: nats.url }));
    main = createMainServer({
      logLevel: 'info',
      logStream: { write: (line: string) => mainLogs.push(JSON.parse(line)) },
      placement: { nats: { servers: [nats.url] } },
      microservices: [
        nativeApp({ name: 'work', services: [] }),
        nativeApp({ name: 'calc', services: [] }),
      ],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: CALL_TIMEOUT_MS } },
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await main?.close();
    await Promise.all(processes.map((replica) => replica.stop()));
    await nats?.stop();
    work?.remove();
  });

  let a: ReplicaProcess;
  let b: ReplicaProcess;

  it('a replica killed under load: only its calls in flight fail, with 502 REPLICA_LOST (or 503)', async () => {
    a = await startWork();
    b = await startWork();
    const epoch = performance.now();
    let killedAt = Number.POSITIVE_INFINITY;
    let stopAt = Number.POSITIVE_INFINITY;
    const clock = () => performance.now() - epoch;
    const load = runLoad({
      baseUrl,
      path: '/work/work/sleep',
      body: () => '50',
      concurrency: LOAD_CONCURRENCY,
      stop: () => clock() > stopAt,
      epoch,
    });
    const others = runLoad({
      baseUrl,
      path: '/calc/calculator/add',
      body: (n) => JSON.stringify({ a: n, b: 1 }),
      concurrency: 1,
      stop: () => clock() > stopAt,
      epoch,
    });
    // Both replicas serve the load before one of them dies.
    const served = (replica: ReplicaProcess) => replica.logs.filter((line) => line.msg === 'call');
    await waitFor(() => served(a).length >= 20 && served(b).length >= 20, { what: 'the load' });
    a.kill('SIGKILL');
    killedAt = clock();
    // Run past the call timeout, so that every call lost with the replica has been answered.
    stopAt = killedAt + CALL_TIMEOUT_MS + 1_500;
    const [records, otherRecords] = await Promise.all([load, others]);

    const failed = records.filter((r) => r.status !== 200);
    const servedByB = new Set(
      b.logs.filter((line) => line.msg === 'call').map((line) => line.requestId),
    );
    // Answered when the main server counts the replica lost (docs/faults.md), not at the deadline.
    for (const r of failed) {
      expect([502, 503]).toContain(r.status);
      expect(r.end - killedAt).toBeLessThan(2_000);
    }
    // Only calls that were with the killed replica can fail: at most one per worker.
    expect(failed.length).toBeLessThanOrEqual(LOAD_CONCURRENCY);
    expect(failed.filter((r) => servedByB.has(r.requestId))).toEqual([]);
    expect(failed.every((r) => r.start <= killedAt + 1_000)).toBe(true);
    // The other replica took the load, and the other microservice never noticed.
    const afterKill = records.filter((r) => r.start > killedAt + 1_000);
    expect(afterKill.length).toBeGreaterThan(LOAD_CONCURRENCY);
    expect(afterKill.every((r) => r.status === 200 && r.body === String(b.pid))).toBe(true);
    expect(otherRecords.length).toBeGreaterThan(0);
    expect(otherRecords.filter((r: CallRecord) => r.status !== 200)).toEqual([]);
  });

  it('a restarted replica is served again without restarting the main server', async () => {
    const restarted = await startWork();
    try {
      const pids = new Set<string>();
      for (let i = 0; i < 200 && !pids.has(String(restarted.pid)); i++) {
        const answer = await call('/work/work/sleep', '1');
        expect(answer.status).toBe(200);
        pids.add(answer.body);
      }
      expect(pids).toContain(String(restarted.pid));
      expect([...pids].every((pid) => pid === String(b.pid) || pid === String(restarted.pid))).toBe(
        true,
      );
    } finally {
      restarted.kill('SIGKILL');
      await restarted.exited;
      // Until the main server counts it lost, a call may still be steered to it (and answered
      // 502 REPLICA_LOST then): the next test needs b to be the only replica of work in turn.
      const id = restarted.logs.find((line) => line.msg === 'replica ready')?.replica;
      await waitFor(
        () => mainLogs.some((line) => line.msg === 'replica lost' && line.replica === id),
        {
          what: 'the main server counting the restarted replica lost',
        },
      );
    }
  });

  it('SIGTERM: a replica stops taking calls, finishes those in flight, then exits 0', async () => {
    // b is now the only replica of work: every call goes to it. Its calls run until the test ends
    // them, so that they are surely in flight while the replica drains, however long that takes.
    const release = path.join(path.dirname(work.file), 'release-drain');
    const ids = ['drain-0', 'drain-1', 'drain-2', 'drain-3'];
    const answered: string[] = [];
    const inFlight = ids.map((id) =>
      call('/work/work/hold', JSON.stringify(release), id).then((answer) => {
        answered.push(id);
        return answer;
      }),
    );
    for (const id of ids) {
      await b.waitForLog((line) => line.msg === 'call received' && line.requestId === id);
    }
    b.kill('SIGTERM');
    await b.waitForLog((line) => line.msg === 'stopped taking calls');
    const refused = await call('/work/work/sleep', '1');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    // It waits for its calls: still there, none of them answered.
    expect(answered).toEqual([]);
    expect(b.logs.map((line) => line.msg)).not.toContain('drained');
    writeFileSync(release, '');

    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      ids.map(() => [200, String(b.pid)]),
    );
    expect(await b.exited).toBe(0);
    expect(b.logs.map((line) => line.msg)).toContain('drained');
  });

  it('a microservice whose replicas are all down answers 503 while the others keep serving', async () => {
    // b said it left at the end of its drain: the main server knows that no replica is left.
    const id = b.logs.find((line) => line.msg === 'replica ready')?.replica;
    await waitFor(
      () => mainLogs.some((line) => line.msg === 'replica left' && line.replica === id),
      {
        what: 'the main server hearing that b left',
      },
    );
    const down = await call('/work/work/sleep', '1');
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBe('1');
    expect(JSON.parse(down.body).error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'no replica of work answers its pings',
    });
    const up = await call('/calc/calculator/add', '{"a":40,"b":2}');
    expect(up).toMatchObject({ status: 200, body: '{"result":42}' });
  });
});
