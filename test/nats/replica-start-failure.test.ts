import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { freePort, type NatsServerProcess, startNatsServer } from '../../scripts/lib/nats-server';
import { startNatsReplica } from '../../src/replica/nats-replica';
import { checkNats } from '../support/nats';
import { calcModule } from './fixture-modules';
import jobs from './fixtures/faults';

const describeNats = checkNats('the replica start failure tests are skipped')
  ? describe
  : describe.skip;

/** Runs `portico microservice` to its end; resolves with its exit code and output. */
function runReplica(url: string, env: Record<string, string>) {
  const bin = path.resolve(__dirname, '../../bin/portico.js');
  const child = spawn(process.execPath, [bin, 'microservice', calcModule(), '--nats', url], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

// An operator's first mistake: a wrong token or password. The replica says so in one line.
describeNats('a replica that NATS refuses at start', () => {
  let dir = '';
  let nats: NatsServerProcess | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portico-start-failure-'));
    const conf = path.join(dir, 'token.conf');
    writeFileSync(conf, 'host: 127.0.0.1\nport: $NATS_PORT\nauthorization { token: t0ken }\n');
    nats = await startNatsServer({ configFile: conf });
  });
  afterAll(async () => {
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 1 with one line that names the refusal, and logs no stack', async () => {
    const result = await runReplica((nats as NatsServerProcess).url, { NATS_TOKEN: 'wrong' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `portico microservice: cannot connect to NATS at ${(nats as NatsServerProcess).url}: 'Authorization Violation'\n`,
    );
    expect(result.stdout).not.toContain('stack');
    const failure = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'the replica could not start');
    expect(failure).toMatchObject({
      level: 50,
      reason: expect.stringContaining('Authorization Violation'),
    });
  });
});

// Nothing listens at the address: the line says what to check, as a port in use says its way out.
describe('a replica whose NATS address nothing listens at', () => {
  it('fails to start with a message that names the address and what to check', async () => {
    const address = `nats://127.0.0.1:${await freePort()}`;
    const logger = pino({ level: 'silent' });
    const started = startNatsReplica(jobs, { servers: [address], connectTimeoutMs: 300, logger });
    await expect(started).rejects.toThrow(
      `cannot connect to NATS at ${address}: CONNECTION_REFUSED: is nats-server running at ${address}?`,
    );
  });
});
