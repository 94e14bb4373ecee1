import { type NatsConnectionOptions, type NatsTlsOptions } from '../../microservices';

export type { NatsConnectionOptions, NatsTlsOptions };

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
