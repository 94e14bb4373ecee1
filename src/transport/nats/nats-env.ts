import { type NatsConnectionOptions, type NatsTlsOptions } from './nats-options';
import { PING_NAMES, type PingSettings, readPingSetting } from './nats-pings';

/** Settings for a NATS connection with or without servers: what the environment can give. */
export type NatsSettings = Omit<NatsConnectionOptions, 'servers'> & {
  readonly servers?: readonly string[];
};

/** The names of the `NATS_*` variables, as the `nats` command line tool reads them. */
const ENV = {
  token: 'NATS_TOKEN',
  user: 'NATS_USER',
  password: 'NATS_PASSWORD',
  nkeySeedFile: 'NATS_NKEY',
  credsFile: 'NATS_CREDS',
  inboxPrefix: 'NATS_INBOX_PREFIX',
} as const;

/**
 * The NATS connection that the environment describes: `NATS_URL` (servers, separated by commas),
 * `NATS_USER` and `NATS_PASSWORD`, `NATS_TOKEN`, `NATS_NKEY` (a seed file), `NATS_CREDS`,
 * `NATS_CA`, `NATS_CERT` and `NATS_KEY` (TLS files), `NATS_TLS=1` (TLS required),
 * `NATS_INBOX_PREFIX`, `NATS_PING_INTERVAL_MS` and `NATS_MAX_PINGS_OUT`. Throws when `NATS_URL`
 * is missing, or a value is wrong.
 *
 * @example
 * placement: { nats: natsFromEnv(process.env) }
 */
export function natsFromEnv(env: NodeJS.ProcessEnv = process.env): NatsConnectionOptions {
  const { servers, ...rest } = natsSettingsFromEnv(env);
  if (!servers) throw new TypeError('portico: NATS_URL is not set');
  return { servers, ...rest };
}

/** What the `NATS_*` variables say, each only when it is set and not empty. */
export function natsSettingsFromEnv(env: NodeJS.ProcessEnv): NatsSettings {
  const settings: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV)) {
    if (env[name]) settings[key] = env[name];
  }
  const servers = splitServers(env.NATS_URL ? [env.NATS_URL] : []);
  if (servers.length > 0) settings.servers = servers;
  const tls = tlsFromEnv(env);
  if (tls) settings.tls = tls;
  for (const [key, { env: name }] of Object.entries(PING_NAMES)) {
    const value = readPingSetting(
      key as keyof PingSettings,
      env[name] || undefined,
      `portico: ${name}`,
    );
    if (value !== undefined) settings[key] = value;
  }
  return settings as NatsSettings;
}

/** Server URLs from values that may each list several, separated by commas. */
export function splitServers(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

function tlsFromEnv(env: NodeJS.ProcessEnv): NatsTlsOptions | undefined {
  const files = {
    ...(env.NATS_CA ? { caFile: env.NATS_CA } : {}),
    ...(env.NATS_CERT ? { certFile: env.NATS_CERT } : {}),
    ...(env.NATS_KEY ? { keyFile: env.NATS_KEY } : {}),
  };
  const required = tlsRequired(env.NATS_TLS);
  return required || Object.keys(files).length > 0 ? files : undefined;
}

/**
 * `NATS_TLS`: `1` or `true` requires TLS, `0`, `false` or nothing leaves it to the other variables.
 * Any other value is refused: `NATS_TLS=yes` must not connect without TLS without a word.
 */
function tlsRequired(value: string | undefined): boolean {
  if (value === '1' || value === 'true') return true;
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  throw new TypeError(
    `portico: NATS_TLS must be 1 or true to require TLS (0, false or empty not to), got ${JSON.stringify(value)}`,
  );
}
