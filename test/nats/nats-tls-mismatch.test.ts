import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReplica } from 'portico';
import { launchNats, terminateNats } from '../../scripts/lib/nats-process';
import {
  findNatsServer,
  freePort,
  type NatsServerProcess,
  startNatsServer,
} from '../../scripts/lib/nats-server';
import { projectRoot } from '../../scripts/lib/replica-process';
import { checkNats } from '../support/nats';
import { waitFor } from '../support/wait';
import work from './fixtures/work';

const describeNats = checkNats('the NATS TLS mismatch tests are skipped')
  ? describe
  : describe.skip;

// Longer than the test may take: a refusal that waits for it fails the test.
const PATIENT = { connectTimeoutMs: 120_000 };

/** The fix each refusal names: the CA to give, and TLS asked of a server without it. */
const CA_HINT =
  "give the CA certificate that signed nats-server's (NATS_CA, --nats-ca, or tls.caFile in the placement)";
const NO_TLS =
  'the server does not offer TLS, which this connection requires (NATS_TLS, NATS_CA, NATS_CERT or NATS_KEY, their flags, or tls in the placement)';

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
      `cannot connect to NATS at ${withTls.url}: unable to verify the first certificate: ${CA_HINT}`,
    );
  }, 30_000);

  it('fails at once, saying so, when TLS is asked of a server that does not offer it', async () => {
    const asked = startReplica(work, { servers: [plain.url], tls: true, ...PATIENT });
    await expect(asked).rejects.toThrow(`cannot connect to NATS at ${plain.url}: ${NO_TLS}`);
  }, 30_000);

  // With several servers listed, the client tries each in turn (in random order) and reports the
  // last one's failure only: a lasting one ended the attempts, even while another listed node was
  // about to come up, and the message named one server's reason. Now only a refusal by every
  // server ends them at once, and the message names each server's reason.
  it('connects through the listed server that accepts, beside one that refuses for good', async () => {
    const replica = await startReplica(work, { servers: [withTls.url, plain.url], ...PATIENT });
    await replica.close();
  }, 30_000);

  it('fails at once, naming each reason, when every listed server refuses for good', async () => {
    const refused = startReplica(work, {
      servers: [withTls.url, plain.url],
      tls: true,
      ...PATIENT,
    });
    await expect(refused).rejects.toThrow(
      `cannot connect to NATS at ${withTls.url},${plain.url}: ${withTls.url}: unable to verify the first certificate: ${CA_HINT}; ${plain.url}: ${NO_TLS}`,
    );
  }, 30_000);

  it('keeps trying while a listed server is not up yet, though another refuses for good', async () => {
    // Until the test starts it, the second server's port takes connections and closes them.
    const port = await freePort();
    let tries = 0;
    const closing = net.createServer((socket) => {
      tries++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => closing.listen(port, '127.0.0.1', resolve));
    const servers = [withTls.url, `nats://127.0.0.1:${port}`];
    const starting = [1, 2, 3, 4, 5, 6].map((n) =>
      startReplica(work, { servers, replicaId: `r${n}`, ...PATIENT }),
    );
    let ended = 0;
    const settled = Promise.allSettled(starting.map((start) => start.finally(() => ended++)));
    // Each try is a new random order: one that left the refusal last ended the attempts.
    const what = 'three tries of each replica, or their end';
    await waitFor(() => tries >= 18 || ended === starting.length, { timeoutMs: 20_000, what });
    await new Promise((resolve) => closing.close(resolve));
    const config = { text: `host: 127.0.0.1\nport: ${port}\n` };
    const later = await launchNats({
      executable: findNatsServer() ?? 'nats-server',
      config,
      env: process.env,
    });
    try {
      const outcomes = await settled;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') await outcome.value.close();
      }
      const failures = outcomes.flatMap((outcome) =>
        outcome.status === 'rejected' ? [String(outcome.reason)] : [],
      );
      expect(failures).toEqual([]);
    } finally {
      await terminateNats(later.child);
    }
  }, 40_000);
});
