import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nkeys } from 'nats';
import { type NatsReplica, startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { projectRoot } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import work from './fixtures/work';

const describeNats = checkNats('the NATS credential tests are skipped') ? describe : describe.skip;

/** NKeys, client certificates and tokens against real nats-servers that require them. */
describeNats('NATS credentials', () => {
  let dir: string;
  let verifying: NatsServerProcess;
  let withToken: NatsServerProcess;
  const user = nkeys.createUser();
  const file = (name: string) => path.join(dir, name);
  const started: NatsReplica[] = [];
  const start = async (options: Parameters<typeof startReplica>[1]) => {
    started.push(await startReplica(work, { connectTimeoutMs: 1_000, ...options }));
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-creds-'));
    execFileSync('bash', [path.join(projectRoot(), 'examples/scale-out/make-certs.sh'), dir]);
    writeFileSync(file('user.nk'), new TextDecoder().decode(user.getSeed()));
    writeFileSync(file('other.nk'), new TextDecoder().decode(nkeys.createUser().getSeed()));
    const tls = `tls { cert_file: "${file('server.pem')}", key_file: "${file('server-key.pem')}", ca_file: "${file('ca.pem')}", verify: true }`;
    const users = `authorization { users = [ { nkey: ${user.getPublicKey()} } ] }`;
    writeFileSync(file('verify.conf'), `host: 127.0.0.1\nport: $NATS_PORT\n${tls}\n${users}\n`);
    writeFileSync(
      file('token.conf'),
      'host: 127.0.0.1\nport: $NATS_PORT\nauthorization { token: t0ken }\n',
    );
    verifying = await startNatsServer({ configFile: file('verify.conf') });
    withToken = await startNatsServer({ configFile: file('token.conf') });
  });

  afterAll(async () => {
    await Promise.all(started.map((replica) => replica.close()));
    await verifying?.stop();
    await withToken?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const clientTls = () => ({
    caFile: file('ca.pem'),
    certFile: file('client.pem'),
    keyFile: file('client-key.pem'),
  });

  it('connects with an NKey seed file and a client certificate', async () => {
    await start({ servers: [verifying.url], nkeySeedFile: file('user.nk'), tls: clientTls() });
  });

  it('is refused with another NKey', async () => {
    const servers = [verifying.url];
    const other = startReplica(work, { servers, nkeySeedFile: file('other.nk'), tls: clientTls() });
    await expect(other).rejects.toThrow(/Authorization Violation/);
  });

  it('is refused without a client certificate when the server verifies clients', async () => {
    const servers = [verifying.url];
    const tls = { caFile: file('ca.pem') };
    const anonymous = startReplica(work, {
      servers,
      nkeySeedFile: file('user.nk'),
      tls,
      connectTimeoutMs: 500,
    });
    await expect(anonymous).rejects.toThrow(`cannot connect to NATS at ${verifying.url}`);
  });

  it('connects with a token, and is refused with another', async () => {
    await start({ servers: [withToken.url], token: 't0ken' });
    const wrong = startReplica(work, { servers: [withToken.url], token: 'nope' });
    await expect(wrong).rejects.toThrow(/Authorization Violation/);
  });
});
