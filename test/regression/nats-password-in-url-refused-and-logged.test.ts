import { createMainServer, nativeApp } from 'portico';
import { spawnReplicaProcess, startReplicaProcess } from '../../scripts/lib/replica-process';
import { type SecureNats, startSecureNats } from '../../scripts/lib/secure-nats';
import { calcModule } from '../nats/fixture-modules';
import { checkNats } from '../support/nats';

const describeNats = checkNats('the NATS credential tests are skipped') ? describe : describe.skip;

const SECRET = 'wrongSecret4711';

/**
 * Finding: a URL with a user and password was refused by the server, and the password was
 * printed in the log. Now the URL's credentials are used, and never shown: not in the log, not
 * in an error, not when the server refuses them.
 */
describeNats('a NATS password in a URL', () => {
  let nats: SecureNats;
  let hostPort: string;

  beforeAll(async () => {
    nats = await startSecureNats();
    hostPort = `127.0.0.1:${nats.server.port}`;
  });
  afterAll(() => nats?.stop());

  it.each([
    ['a wrong password', `nats://portico-main:${SECRET}@`],
    ['a wrong token', `nats://${SECRET}@`],
  ])('is refused at once, and %s is in neither the error nor the log', async (_, start) => {
    const lines: string[] = [];
    const main = createMainServer({
      logLevel: 'debug',
      logStream: { write: (line: string) => lines.push(line) },
      placement: { nats: { servers: [`${start}${hostPort}`], tls: { caFile: nats.caFile } } },
      microservices: [nativeApp({ name: 'calc', services: [] })],
    });
    const failure = await main.listen(0, '127.0.0.1').then(
      () => undefined,
      (error: unknown) => error,
    );
    await main.close();
    expect(failure).toBeInstanceOf(Error);
    const told = [...lines, ...messages(failure)].join('\n');
    expect(told).toContain('Authorization Violation');
    expect(told).toContain(`nats://${hostPort}`);
    expect(told).not.toContain(SECRET);
  });

  it.each([
    ['in the URL', { url: `nats://portico-replica:${SECRET}@`, env: {} }],
    ['in NATS_PASSWORD', { url: 'nats://', env: { NATS_PASSWORD: SECRET } }],
  ])('a replica refused for a wrong password %s never shows it', async (_, given) => {
    const replica = spawnReplicaProcess({
      module: calcModule(),
      natsUrl: `${given.url}${hostPort}`,
      env: { NATS_USER: 'portico-replica', NATS_CA: nats.caFile, ...given.env },
    });
    expect(await replica.exited).toBe(1);
    expect(replica.stderr).toContain(`cannot connect to NATS at nats://${hostPort}`);
    expect(replica.stderr).toContain('Authorization Violation');
    expect(replica.stderr + JSON.stringify(replica.logs)).not.toContain(SECRET);
  });

  it('lets a replica in with the user and password of its URL, and logs the URL without them', async () => {
    const password = nats.passwords['portico-replica'];
    const replica = await startReplicaProcess({
      module: calcModule(),
      natsUrl: `nats://portico-replica:${password}@${hostPort}`,
      env: { NATS_CA: nats.caFile },
    });
    const ready = await replica.waitForLog((line) => line.msg === 'replica ready');
    await replica.stop();
    expect(ready.servers).toEqual([`nats://${hostPort}`]);
    expect(JSON.stringify(replica.logs) + replica.stderr).not.toContain(password);
  });
});

/** The messages of an error and of its causes. */
function messages(error: unknown): string[] {
  const found: string[] = [];
  for (let at = error; at instanceof Error; at = at.cause) found.push(at.message, String(at.stack));
  return found;
}
