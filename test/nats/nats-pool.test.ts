import pino from 'pino';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { createNatsPool } from '../../src/transport/nats/nats-pool';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the NATS pool tests are skipped') ? describe : describe.skip;

/** The main server's pool of NATS connections, against a real nats-server. */
describeNats('createNatsPool', () => {
  let nats: NatsServerProcess;

  beforeAll(async () => {
    nats = await startNatsServer();
  });

  afterAll(async () => {
    await nats?.stop();
  });

  it('shares a connection between equal placements only, and closes it with its last user', async () => {
    const pool = createNatsPool(pino({ level: 'silent' }));
    const calc = { servers: [nats.url], inboxPrefix: '_INBOX_portico', subjectPrefix: 'portico' };
    const sameInOtherOrder = {
      subjectPrefix: 'portico',
      inboxPrefix: '_INBOX_portico',
      servers: [nats.url],
    };
    const otherInbox = { ...calc, inboxPrefix: '_INBOX_portico_relay' };
    const [a, b, c] = await Promise.all([
      pool.acquire(calc),
      pool.acquire(sameInOtherOrder),
      pool.acquire(otherInbox),
    ]);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(c.connection).not.toBe(a.connection);
    await pool.release(calc);
    expect(a.connection.isClosed()).toBe(false);
    await pool.release(sameInOtherOrder);
    await pool.release(otherInbox);
    expect(a.connection.isClosed()).toBe(true);
    expect(c.connection.isClosed()).toBe(true);
  });
});
