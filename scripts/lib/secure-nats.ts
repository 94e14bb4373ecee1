import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NatsServerProcess, startNatsServer } from './nats-server';
import { projectRoot } from './replica-process';

/** The users of `examples/scale-out/nats-server.conf`. */
export type SecureNatsUser = 'portico-main' | 'portico-replica' | 'portico-relay' | 'other';

/** nats-server with the scale-out example's configuration: TLS, and a user per role. */
export interface SecureNats {
  readonly server: NatsServerProcess;
  /** The URL, without credentials. */
  readonly url: string;
  /** The CA that signed the server's certificate (and the client certificate). */
  readonly caFile: string;
  /** A client certificate and its key, signed by the CA. */
  readonly certFile: string;
  readonly keyFile: string;
  /** The password of each user, made at random. */
  readonly passwords: Readonly<Record<SecureNatsUser, string>>;
  /** Stops the server and deletes the certificates. */
  stop(): Promise<void>;
}

/** The inbox prefix that the configuration keeps to the main servers' user. */
export const MAIN_INBOX_PREFIX = '_INBOX_portico';

/**
 * Starts nats-server with `examples/scale-out/nats-server.conf`, certificates made by
 * `examples/scale-out/make-certs.sh` in a temporary directory, and random passwords.
 */
export async function startSecureNats(): Promise<SecureNats> {
  const root = projectRoot();
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-certs-'));
  try {
    execFileSync('bash', [path.join(root, 'examples/scale-out/make-certs.sh'), dir]);
    const passwords = {
      'portico-main': password(),
      'portico-replica': password(),
      'portico-relay': password(),
      other: password(),
    };
    const server = await startNatsServer({
      configFile: path.join(root, 'examples/scale-out/nats-server.conf'),
      env: {
        NATS_SERVER_CERT: path.join(dir, 'server.pem'),
        NATS_SERVER_KEY: path.join(dir, 'server-key.pem'),
        PORTICO_MAIN_PASSWORD: passwords['portico-main'],
        PORTICO_REPLICA_PASSWORD: passwords['portico-replica'],
        PORTICO_RELAY_PASSWORD: passwords['portico-relay'],
        PORTICO_OTHER_PASSWORD: passwords.other,
      },
    });
    return {
      server,
      url: server.url,
      caFile: path.join(dir, 'ca.pem'),
      certFile: path.join(dir, 'client.pem'),
      keyFile: path.join(dir, 'client-key.pem'),
      passwords,
      async stop() {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Letters and digits, starting with a letter: nats-server reads a variable as a value. */
function password(): string {
  return `p${randomBytes(16).toString('hex')}`;
}
