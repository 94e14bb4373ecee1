import path from 'node:path';
import {
  createClient,
  createMainServer,
  type MainServer,
  nativeApp,
  withCallOptions,
} from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { compileFixtureModule } from '../nats/fixture-modules';
import { checkNats } from '../support/nats';
import type { ChainService } from './fixtures/chain';

const CALL_TIMEOUT_MS = 1_500;
const describeNats = checkNats('the NATS client tests are skipped') ? describe : describe.skip;

/**
 * Two replica processes of one module, `front` and `back`, a real nats-server, and a main server
 * in this process: the test calls `front` over HTTP, and `front` calls `back` over NATS.
 */
describeNats('createNatsClient between two replica processes', () => {
  let nats: NatsServerProcess;
  let main: MainServer;
  let chain: ReturnType<typeof compileFixtureModule>;
  let front: ReturnType<typeof createClient<ChainService>>;
  const processes: ReplicaProcess[] = [];

  beforeAll(async () => {
    chain = compileFixtureModule(path.join(__dirname, 'fixtures/chain.ts'));
    nats = await startNatsServer();
    for (const name of ['front', 'back']) {
      const args = ['--name', name];
      processes.push(await startReplicaProcess({ module: chain.file, natsUrl: nats.url, args }));
    }
    main = createMainServer({
      logLevel: 'silent',
      placement: { nats: { servers: [nats.url] } },
      microservices: [nativeApp({ name: 'front', services: [] })],
      ENTRY_POINTS: {
        WEB_SERVICE_FACADE_HTTP: {
          callTimeoutMs: CALL_TIMEOUT_MS,
          permissionResolver: ({ privilegeNames }) => privilegeNames.includes('admin'),
        },
      },
    });
    const baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
    front = createClient<ChainService>({
      baseUrl,
      microservice: 'front',
      service: 'chain',
      headers: {
        locale: 'fr-CH',
        sessionId: 'session-7',
        user: 'ada',
        clientApplicationName: 'chain-test',
        ip: '198.51.100.4',
        privilegeNames: ['admin'],
      },
    });
  });

  afterAll(async () => {
    await main?.close();
    await Promise.all(processes.map((replica) => replica.stop()));
    await nats?.stop();
    chain?.remove();
  });

  it('passes the call context on, all but the privilege', async () => {
    const { own, theirs } = await withCallOptions(front, { requestId: 'chain-ctx-1' }).relay(0);
    expect(own.context).toMatchObject({
      requestId: 'chain-ctx-1',
      user: 'ada',
      privileged: true,
    });
    const { privileged, ...passed } = own.context;
    expect(theirs.context).toEqual({ ...passed, privileged: false });
    expect(theirs.context).toMatchObject({
      locale: 'fr-CH',
      sessionId: 'session-7',
      clientApplicationName: 'chain-test',
      ip: '198.51.100.4',
      privilegeNames: ['admin'],
    });
  });

  it("passes the context on from a method declared callContext: 'sync'", async () => {
    const { own, theirs } = await withCallOptions(front, { requestId: 'chain-sync-1' }).relaySync();
    expect(own.context).toMatchObject({ requestId: 'chain-sync-1', user: 'ada', privileged: true });
    const { privileged, ...passed } = own.context;
    expect(theirs.context).toEqual({ ...passed, privileged: false });
    expect(own.deadline).toBeGreaterThan(own.at);
  });

  it('gives the callee the deadline of the caller, or less when the caller asks for less', async () => {
    // The budget travels, not the clock time: what the callee has left when it starts is at most
    // what the caller had left when it started.
    const left = ({ deadline, at }: { deadline: number | undefined; at: number }) =>
      (deadline as number) - at;
    const { own, theirs } = await front.relay(0);
    expect(left(own)).toBeGreaterThan(CALL_TIMEOUT_MS - 500);
    expect(left(own)).toBeLessThanOrEqual(CALL_TIMEOUT_MS);
    expect(left(theirs)).toBeGreaterThan(0);
    expect(left(theirs)).toBeLessThanOrEqual(left(own));

    const shorter = await front.relay(200);
    expect(left(shorter.theirs)).toBeLessThanOrEqual(200);
  });

  it("answers 504 on time when the callee outlives the caller's deadline", async () => {
    const started = Date.now();
    const call = withCallOptions(front, { requestId: 'chain-late-1' }).hangThere(20_000, 0);
    await expect(call).rejects.toMatchObject({
      status: 504,
      code: 'DEADLINE_EXCEEDED',
      requestId: 'chain-late-1',
    });
    // The callee would take 20 s; the caller's answer comes at its own deadline.
    expect(Date.now() - started).toBeLessThan(CALL_TIMEOUT_MS + 3_000);
  });

  it('lets the caller catch the 504 of its own shorter deadline and answer in time', async () => {
    const outcome = await withCallOptions(front, { requestId: 'chain-late-2' }).hangThere(
      20_000,
      300,
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 504,
      code: 'DEADLINE_EXCEEDED',
      requestId: 'chain-late-2',
    });
    expect(outcome.ms).toBeLessThan(CALL_TIMEOUT_MS);
  });

  it('answers what the callee answered, and a 503 when no replica of the callee runs', async () => {
    const quick = await front.hangThere(5, 1000);
    expect(quick).toMatchObject({ ok: true });
    await expect(front.missing()).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
