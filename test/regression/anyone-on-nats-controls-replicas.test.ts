import net from 'node:net';
import { connect, type NatsConnection } from 'nats';
import { createMainServer, type MainServer, nativeApp } from 'portico';
import { type ReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import {
  MAIN_INBOX_PREFIX,
  type SecureNats,
  type SecureNatsUser,
  startSecureNats,
} from '../../scripts/lib/secure-nats';
import { calcModule } from '../nats/fixture-modules';
import { json, send } from '../support/http';
import { checkNats } from '../support/nats';
import { forgedCall, serverAnswer, subscribeAnswer } from '../support/nats-probe';

const describeNats = checkNats('the NATS security tests are skipped') ? describe : describe.skip;

/**
 * Finding: a plain NATS client could call any method as privileged, read every call and forge
 * replies. With the shipped nats-server.conf only main servers send calls, only replicas take
 * them, and the main server's inbox is its own; calls still work end to end over TLS.
 */
describeNats('anyone on NATS controls the replicas', () => {
  let nats: SecureNats;
  let replica: ReplicaProcess;
  let main: MainServer;
  let baseUrl: string;
  const clients: NatsConnection[] = [];

  const as = async (user: SecureNatsUser) => {
    const client = await connect({
      servers: nats.url,
      user,
      pass: nats.passwords[user],
      tls: { caFile: nats.caFile },
    });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    nats = await startSecureNats();
    replica = await startReplicaProcess({
      module: calcModule(),
      natsUrl: nats.url,
      env: {
        NATS_USER: 'portico-replica',
        NATS_PASSWORD: nats.passwords['portico-replica'],
        NATS_CA: nats.caFile,
      },
    });
    // The main server's user and password in the URL, as NATS users write them.
    const withUser = `nats://portico-main:${nats.passwords['portico-main']}@127.0.0.1:${nats.server.port}`;
    main = createMainServer({
      logLevel: 'silent',
      placement: {
        nats: { servers: [withUser], tls: { caFile: nats.caFile }, inboxPrefix: MAIN_INBOX_PREFIX },
      },
      microservices: [nativeApp({ name: 'calc', services: [] })],
    });
    baseUrl = `http://127.0.0.1:${await main.listen(0, '127.0.0.1')}`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await main?.close();
    await replica?.stop();
    await nats?.stop();
  });

  it('serves calls through the main server over TLS, with a user per role', async () => {
    const body = '{"a":2,"b":3}';
    const answer = await send(baseUrl, '/calc/calculator/add', { headers: json(), body });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"result":5}');
  });

  it('refuses a client without credentials', async () => {
    await expect(
      connect({ servers: nats.url, tls: { caFile: nats.caFile } }),
    ).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it('refuses a client that will not speak TLS, even with a good password', async () => {
    const pass = nats.passwords['portico-main'];
    const connectLine = JSON.stringify({ user: 'portico-main', pass, verbose: false });
    const said = await plainSession(nats.server.port, `CONNECT ${connectLine}\r\nPING\r\n`);
    expect(said).toContain('"tls_required":true');
    expect(said).not.toContain('PONG');
  });

  it('refuses a call published by the replica user or by any other user', async () => {
    for (const user of ['portico-replica', 'other'] as const) {
      const client = await as(user);
      const answer = await serverAnswer(client, () =>
        client.publish('portico.calc', forgedCall(), { reply: `${MAIN_INBOX_PREFIX}.forged.1` }),
      );
      expect(answer).toBe('PERMISSIONS_VIOLATION');
    }
  });

  it('lets no other user read calls or the main server inbox, nor join the replicas', async () => {
    const other = await as('other');
    await expect(subscribeAnswer(other, 'portico.>')).resolves.toMatch(/Permissions Violation/);
    await expect(subscribeAnswer(other, `${MAIN_INBOX_PREFIX}.>`)).resolves.toMatch(
      /Permissions Violation/,
    );
    await expect(subscribeAnswer(other, 'portico.calc', 'portico.calc')).resolves.toMatch(
      /Permissions Violation/,
    );
  });

  it('lets a replica take calls only in its queue group', async () => {
    const spy = await as('portico-replica');
    await expect(subscribeAnswer(spy, 'portico.>')).resolves.toMatch(/Permissions Violation/);
    await expect(subscribeAnswer(spy, 'portico.calc')).resolves.toMatch(/Permissions Violation/);
  });

  it('lets a replica that calls calc publish calls to calc alone, and read only its own inbox', async () => {
    const relay = await as('portico-relay');
    const toCalc = await serverAnswer(relay, () =>
      relay.publish('portico.calc', forgedCall(), { reply: '_INBOX_portico_relay.x.1' }),
    );
    expect(toCalc).toBe('allowed');
    const toOther = await serverAnswer(relay, () =>
      relay.publish('portico.relay', forgedCall(), { reply: '_INBOX_portico_relay.x.2' }),
    );
    expect(toOther).toBe('PERMISSIONS_VIOLATION');
    await expect(subscribeAnswer(relay, `${MAIN_INBOX_PREFIX}.>`)).resolves.toMatch(
      /Permissions Violation/,
    );
    await expect(subscribeAnswer(relay, '_INBOX_portico_relay.>')).resolves.toBe('allowed');
    const other = await as('other');
    await expect(subscribeAnswer(other, '_INBOX_portico_relay.>')).resolves.toMatch(
      /Permissions Violation/,
    );
  });

  it('refuses a reply forged into the main server inbox', async () => {
    for (const user of ['other', 'portico-replica'] as const) {
      const client = await as(user);
      const answer = await serverAnswer(client, () =>
        client.publish(`${MAIN_INBOX_PREFIX}.forged.0`, new Uint8Array([1, 2, 0xc0])),
      );
      expect(answer).toBe('PERMISSIONS_VIOLATION');
    }
  });
});

/** Everything a NATS server says to a plain TCP client that sends `text`, until it hangs up. */
function plainSession(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let said = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => {
      said += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(said));
  });
}
