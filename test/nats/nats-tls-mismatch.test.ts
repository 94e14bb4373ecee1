import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReplica } from 'portico';
import { type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { projectRoot } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import work from './fixtures/work';

const describeNats = checkNats('the NATS TLS mismatch tests are skipped')
  ? describe
  : describe.skip;

// Longer than the test may take: a refusal that waits for it fails the test.
const PATIENT = { connectTimeoutMs: 120_000 };

// A TLS set-up that does not match the server's failed only after the 10 s of first-connection
// retries, which cannot help, and said either "tls" (TLS asked of a server without it) or Node's
// advice to trust the system's CAs (a certificate no CA given signed), where the fix is NATS_CA.
describeNats('a first NATS connection whose TLS does not match the server', () => {
  let dir: string;
  let withTls: NatsServerProcess;
  let plain: NatsServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-tls-mismatch-'));
    execFileSync('bash', [path.join(projectRoot(), 'examples/scale-out/make-certs.sh'), dir]);
    const tls = `tls { cert_file: "${path.join(dir, 'server.pem')}", key_file: "${path.join(dir, 'server-key.pem')}" }`;
    writeFileSync(path.join(dir, 'tls.conf'), `host: 127.0.0.1\nport: $NATS_PORT\n${tls}\n`);
    withTls = await startNatsServer({ configFile: path.join(dir, 'tls.conf') });
    plain = await startNatsServer();
  });

  afterAll(async () => {
    await withTls?.stop();
    await plain?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails at once, naming the CA to give, when no CA given signed the certificate', async () => {
    const unverified = startReplica(work, { servers: [withTls.url], ...PATIENT });
    await expect(unverified).rejects.toThrow(
      `cannot connect to NATS at ${withTls.url}: unable to verify the first certificate: give the CA certificate that signed nats-server's (NATS_CA, --nats-ca, or tls.caFile in the placement)`,
    );
  }, 30_000);

  it('fails at once, saying so, when TLS is asked of a server that does not offer it', async () => {
    const asked = startReplica(work, { servers: [plain.url], tls: true, ...PATIENT });
    await expect(asked).rejects.toThrow(
      `cannot connect to NATS at ${plain.url}: the server does not offer TLS, which this connection requires (NATS_TLS, NATS_CA, NATS_CERT or NATS_KEY, their flags, or tls in the placement)`,
    );
  }, 30_000);
});
