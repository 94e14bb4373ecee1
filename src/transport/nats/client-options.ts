import { readFileSync } from 'node:fs';
import {
  type Authenticator,
  type ConnectionOptions,
  credsAuthenticator,
  nkeyAuthenticator,
  tokenAuthenticator,
  usernamePasswordAuthenticator,
} from 'nats';
import { type NatsConnectionOptions, redactUrl, USER_INFO } from './nats-options';

/**
 * The `nats` client's options for `options`: credentials move from the URLs into authenticators,
 * so that the client (and its errors) never see them in a URL. Throws when a file cannot be read.
 */
export function clientOptions(options: NatsConnectionOptions): ConnectionOptions {
  const authenticators = [...urlAuthenticators(options.servers), ...givenAuthenticators(options)];
  const tls = tlsOf(options.tls);
  return {
    servers: options.servers.map(redactUrl),
    ...(authenticators.length > 0 ? { authenticator: authenticators } : {}),
    ...(tls ? { tls } : {}),
    ...(options.inboxPrefix === undefined ? {} : { inboxPrefix: options.inboxPrefix }),
  };
}

function givenAuthenticators(options: NatsConnectionOptions): Authenticator[] {
  const found: Authenticator[] = [];
  if (options.token !== undefined) found.push(tokenAuthenticator(options.token));
  if (options.user !== undefined) {
    found.push(usernamePasswordAuthenticator(options.user, options.password));
  }
  if (options.nkeySeedFile !== undefined) {
    const seed = readSecret(options.nkeySeedFile, 'NKey seed').toString('utf8').trim();
    found.push(nkeyAuthenticator(new TextEncoder().encode(seed)));
  }
  if (options.credsFile !== undefined) {
    found.push(credsAuthenticator(readSecret(options.credsFile, 'creds')));
  }
  return found;
}

/** The credentials of the first URL that carries some. */
function urlAuthenticators(servers: readonly string[]): Authenticator[] {
  for (const server of servers) {
    const info = USER_INFO.exec(server)?.[2];
    if (!info) continue;
    const colon = info.indexOf(':');
    if (colon < 0) return [tokenAuthenticator(decode(info))];
    return [
      usernamePasswordAuthenticator(decode(info.slice(0, colon)), decode(info.slice(colon + 1))),
    ];
  }
  return [];
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function readSecret(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`cannot read the NATS ${what} file ${file}: ${code}`);
  }
}

function tlsOf(tls: NatsConnectionOptions['tls']): ConnectionOptions['tls'] {
  if (tls === undefined || tls === false) return undefined;
  if (tls === true) return {};
  return { ...tls };
}
