import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { post } from '../../scripts/lib/load';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';
import { compileFixtureModule } from './fixture-modules';
import { JobsService } from './fixtures/faults';

const describeNats = checkNats('the stalled replica test is skipped') ? describe : describe.skip;

/** A replica that runs one call at a time, stopped with calls waiting for its slot. */
describeNats('a replica that stalls with calls waiting', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let replica: ReplicaProcess;
  let module: ReturnType<typeof compileFixtureModule>;
  let dir: string;
  let baseUrl: string;

  beforeAll(async () => {
    module = compileFixtureModule(path.join(__dirname, 'fixtures/faults.ts'));
    dir = mkdtempSync(path.join(tmpdir(), 'portico-stall-'));
    writeFileSync(path.join(dir, 'record'), '');
    nats = await startNatsServer();
    replica = await startReplicaProcess({
      module: module.file,
      natsUrl: nats.url,
      args: ['--concurrency', '1'],
      env: { FAULTS_RECORD: path.join(dir, 'record') },
    });
    main = createMainServer({
      logLevel: 'silent',
      placement: { nats: { servers: [nats.url] } },
      microservices: [nativeApp({ name: 'jobs', services: [JobsService] })],
      ENTRY_POINTS: { WEB_SERVICE_FACADE_HTTP: { callTimeoutMs: 20_000 } },
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  }, 30_000);

  afterAll(async () => {
    await main?.close();
    await replica?.stop();
    await nats?.stop();
    module?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('does not start, once resumed, the calls it had taken before it was counted lost', async () => {
    const ids = ['w0', 'w1', 'w2'];
    const answers = ids.map((id) =>
      post({ baseUrl, path: '/jobs/jobs/slow' }, false, id, JSON.stringify(`${id}:1500`)),
    );
    const received = () => replica.logs.filter((line) => line.msg === 'call received');
    await waitFor(() => received().length === 3, { what: 'the three calls at the replica' });
    replica.kill('SIGSTOP');
    const done = await Promise.all(answers).finally(() => replica.kill('SIGCONT'));
    for (const answer of done) expect(JSON.parse(answer.body).error.code).toBe('REPLICA_LOST');
    const refused = () =>
      replica.logs.filter((line) => line.msg === 'a call taken before a stall was not started');
    await waitFor(() => refused().length === 2, { what: 'the two waiting calls refused' });
    const ran = readFileSync(path.join(dir, 'record'), 'utf8').trim().split('\n');
    expect(ran.map((line) => line.split(' ')[0])).toEqual(['w0']);
  }, 30_000);
});
