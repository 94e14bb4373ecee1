import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import work from '../nats/fixtures/work';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the replica drain regression test is skipped')
  ? describe
  : describe.skip;

/**
 * Finding (issue 23): where NATS refused the replica's ping subscription (a permission that did
 * not list `portico.<ms>._ping`), draining the replica threw `SUB_CLOSED` and a SIGTERM ended in
 * exit 1 with its calls unanswered. A subscription NATS already ended is not drained again.
 */
describeNats('a replica drains though NATS refused one of its subscriptions', () => {
  let dir: string;
  let nats: NatsServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-refused-'));
    const users = `authorization { users = [ { user: r, password: p, permissions: {
      subscribe: { allow: ["portico.work portico.work"] }, publish: { deny: [">"] } } } ] }`;
    writeFileSync(path.join(dir, 'nats.conf'), `host: 127.0.0.1\nport: $NATS_PORT\n${users}\n`);
    nats = await startNatsServer({ configFile: path.join(dir, 'nats.conf') });
  });

  afterAll(async () => {
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves drain() and closes the connection', async () => {
    const replica = await startReplica(work, { servers: [nats.url], user: 'r', password: 'p' });
    await expect(replica.drain()).resolves.toBeUndefined();
    await expect(replica.close()).resolves.toBeUndefined();
  });
});
