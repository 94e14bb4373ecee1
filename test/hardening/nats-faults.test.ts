import path from 'node:path';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { calcModule } from '../nats/fixture-modules';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { compileFixture } from './support/fixture-module';

const CALL_TIMEOUT_MS = 800;
/** How a call held by a stopped replica may end: the deadline, or the replica counted lost. */
const CUT_OFF = ['DEADLINE_EXCEEDED', 'REPLICA_LOST', 'NOT_ACKNOWLEDGED'];
const describeNats = checkNats('the NATS fault tests of the hardening suite are skipped')
  ? describe
  : describe.skip;

/** Two replicas of `hanging` and one of `calc` as real processes, over a real nats-server. */
describeNats('a replica that hangs, over NATS', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let url: string;
  let fixture: ReturnType<typeof compileFixture>;
  let a: ReplicaProcess;
  let b: ReplicaProcess;
  const processes: ReplicaProcess[] = [];

  beforeAll(async () => {
    fixture = compileFixture(path.join(__dirname, 'fixtures', 'hanging.ts'));
    nats = await startNatsServer();
    const start = (module: string, args: string[] = []) =>
      startReplicaProcess({ module, natsUrl: nats.url, args, logLevel: 'info' }).then((r) => {
        processes.push(r);
        return r;
      });
    [a, b] = await Promise.all([
      start(fixture.file, ['--concurrency', '2']),
      start(fixture.file, ['--concurrency', '2']),
      start(calcModule()),
    ]);
    main = createMainServer({
      logLevel: 'silent',
      placement: { nats: { servers: [nats.url] } },
      microservices: [
        nativeApp({ name: 'hanging', services: [], maxConcurrentCalls: 8 }),
        nativeApp({ name: 'calc', services: [] }),
      ],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: CALL_TIMEOUT_MS } },
    });
    url = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    a?.kill('SIGCONT');
    await main?.close();
    await Promise.all(processes.map((replica) => replica.stop()));
    await nats?.stop();
    fixture?.remove();
  });

  const call = (method: string) =>
    send(url, `/hanging/hanging/${method}`, { headers: json(), body: '1' });
  const add = () => send(url, '/calc/calculator/add', { headers: json(), body: '{"a":40,"b":2}' });

  it('a method that never returns: 504 at the deadline, and the replica’s slots are freed', async () => {
    // Four at once fill both replicas' two slots; without the deadline they would stay taken.
    const hung = await Promise.all([1, 2, 3, 4].map(() => call('hang')));
    for (const answer of hung) {
      expect(answer.status).toBe(504);
      expect(answer.error?.code).toBe('DEADLINE_EXCEEDED');
    }
    const pids = new Set<string>();
    for (let i = 0; i < 40 && pids.size < 2; i++) {
      const answer = await call('pid');
      expect(answer.status).toBe(200);
      pids.add(answer.text);
    }
    expect(pids).toEqual(new Set([String(a.pid), String(b.pid)]));
  });

  it('a replica process that stops answering is counted lost before the deadline; the others keep serving', async () => {
    a.kill('SIGSTOP');
    try {
      for (let wave = 0; wave < 2; wave++) {
        // A full cap of calls at once: those sent to the stopped replica end when it is counted
        // lost (docs/faults.md), and give their slots back, so the next wave is not refused.
        const answers = await Promise.all(Array.from({ length: 8 }, () => call('pid')));
        for (const answer of answers) {
          if (answer.status === 200) expect(answer.text).toBe(String(b.pid));
          // The deadline here (800 ms) is shorter than the time to count a replica lost.
          else expect(CUT_OFF).toContain(answer.error?.code);
        }
        expect(answers.some((answer) => answer.status === 200)).toBe(true);
        expect(await add()).toMatchObject({ status: 200, text: '{"result":42}' });
      }
    } finally {
      a.kill('SIGCONT');
    }
    // Awake again, the replica drops what expired and serves new calls.
    const pids = new Set<string>();
    for (let i = 0; i < 60 && pids.size < 2; i++) {
      const answer = await call('pid');
      expect(answer.status).toBe(200);
      pids.add(answer.text);
    }
    expect(pids).toEqual(new Set([String(a.pid), String(b.pid)]));
  });
});
