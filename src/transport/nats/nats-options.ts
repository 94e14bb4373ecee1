/** The files of a TLS connection to NATS; giving any of them (or `{}`) makes TLS required. */
export interface NatsTlsOptions {
  /** The CA that signed the server's certificate, when it is not one the system trusts. */
  readonly caFile?: string;
  /** The client certificate, for a server that verifies clients (`verify: true`). */
  readonly certFile?: string;
  /** The key of the client certificate. */
  readonly keyFile?: string;
}

/** How to reach NATS and prove who is connecting: what a placement and a replica both take. */
export interface NatsConnectionOptions {
  /** Server URLs. `nats://user:password@host:port` and `nats://token@host:port` are understood. */
  readonly servers: readonly string[];
  readonly token?: string;
  readonly user?: string;
  readonly password?: string;
  /** A file holding an NKey seed (`SU…`), for a server that lists the user's public NKey. */
  readonly nkeySeedFile?: string;
  /** A `.creds` file (user JWT and NKey seed), for a server in operator (JWT) mode. */
  readonly credsFile?: string;
  /** TLS settings; `true` or an object requires TLS. */
  readonly tls?: boolean | NatsTlsOptions;
  /** The prefix of the reply inboxes (default `_INBOX`); give each user its own. */
  readonly inboxPrefix?: string;
}

/** A URL's scheme, user information and the rest. */
export const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)?([^@/]*)@(.*)$/i;

/** `url` without the user, password or token it may carry: safe to log. */
export function redactUrl(url: string): string {
  const match = USER_INFO.exec(url);
  return match ? `${match[1] ?? ''}${match[3]}` : url;
}

/** The server URLs without credentials: safe to log. */
export function redactServers(servers: readonly string[]): string {
  return servers.map(redactUrl).join(',');
}
