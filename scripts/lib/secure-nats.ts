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

/** Certificates in a temporary directory, random passwords, and the variables the config reads. */
export interface SecureNatsMaterial {
  readonly dir: string;
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  readonly passwords: Readonly<Record<SecureNatsUser, string>>;
  /** The variables `examples/scale-out/nats-server.conf` reads, but its port. */
  readonly env: Readonly<Record<string, string>>;
  /** Deletes the certificates. */
  remove(): void;
}

/** The shipped configuration of the scale-out example, which the secure set-ups run. */
export function secureNatsConfigFile(): string {
  return path.join(projectRoot(), 'examples/scale-out/nats-server.conf');
}

/**
 * Makes certificates with `examples/scale-out/make-certs.sh` in a temporary directory, and a
 * random password per user.
 */
export function makeSecureNatsMaterial(): SecureNatsMaterial {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-certs-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('bash', [path.join(projectRoot(), 'examples/scale-out/make-certs.sh'), dir]);
  } catch (error) {
    remove();
    throw error;
  }
  const passwords = {
    'portico-main': password(),
    'portico-replica': password(),
    'portico-relay': password(),
    other: password(),
  };
  const env = {
    NATS_SERVER_CERT: path.join(dir, 'server.pem'),
    NATS_SERVER_KEY: path.join(dir, 'server-key.pem'),
    NATS_CA: path.join(dir, 'ca.pem'),
    PORTICO_MAIN_PASSWORD: passwords['portico-main'],
    PORTICO_REPLICA_PASSWORD: passwords['portico-replica'],
    PORTICO_RELAY_PASSWORD: passwords['portico-relay'],
    PORTICO_OTHER_PASSWORD: passwords.other,
  };
  const certFile = path.join(dir, 'client.pem');
  const keyFile = path.join(dir, 'client-key.pem');
  return { dir, caFile: env.NATS_CA, certFile, keyFile, passwords, env, remove };
}

/**
 * Starts nats-server with `examples/scale-out/nats-server.conf`, certificates made by
 * `examples/scale-out/make-certs.sh` in a temporary directory, and random passwords.
 */
export async function startSecureNats(): Promise<SecureNats> {
  const material = makeSecureNatsMaterial();
  try {
    const configFile = secureNatsConfigFile();
    const server = await startNatsServer({ configFile, env: material.env });
    const { caFile, certFile, keyFile, passwords } = material;
    return {
      server,
      url: server.url,
      caFile,
      certFile,
      keyFile,
      passwords,
      async stop() {
        await server.stop();
        material.remove();
      },
    };
  } catch (error) {
    material.remove();
    throw error;
  }
}

/** Letters and digits, starting with a letter: nats-server reads a variable as a value. */
function password(): string {
  return `p${randomBytes(16).toString('hex')}`;
}
