import { natsSettingsFromEnv, splitServers } from '../transport/nats/nats-env';
import { type NatsConnectionOptions, type NatsTlsOptions } from '../transport/nats/nats-options';
import { PING_NAMES, type PingSettings, readPingSetting } from '../transport/nats/nats-pings';

/**
 * The NATS flags of `portico microservice`. Passwords and tokens have none: the process list
 * shows arguments to every user of the host, so they come from the environment (or the URL).
 */
export const NATS_FLAGS = {
  nats: { type: 'string', multiple: true },
  'nats-user': { type: 'string' },
  'nats-nkey': { type: 'string' },
  'nats-creds': { type: 'string' },
  'nats-ca': { type: 'string' },
  'nats-cert': { type: 'string' },
  'nats-key': { type: 'string' },
  'nats-tls': { type: 'boolean' },
  'nats-inbox-prefix': { type: 'string' },
  'nats-ping-interval-ms': { type: 'string' },
  'nats-max-pings-out': { type: 'string' },
} as const;

/** The values of {@link NATS_FLAGS} as `parseArgs` gives them. */
export interface NatsFlagValues {
  readonly nats?: string[];
  readonly 'nats-user'?: string;
  readonly 'nats-nkey'?: string;
  readonly 'nats-creds'?: string;
  readonly 'nats-ca'?: string;
  readonly 'nats-cert'?: string;
  readonly 'nats-key'?: string;
  readonly 'nats-tls'?: boolean;
  readonly 'nats-inbox-prefix'?: string;
  readonly 'nats-ping-interval-ms'?: string;
  readonly 'nats-max-pings-out'?: string;
}

/** The connection that the flags describe, over what the `NATS_*` variables say. */
export function readNatsFlags(
  values: NatsFlagValues,
  env: NodeJS.ProcessEnv,
): NatsConnectionOptions {
  const { servers: envServers, tls: envTls, ...settings } = natsSettingsFromEnv(env);
  const servers = values.nats ? splitServers(values.nats) : (envServers ?? []);
  if (servers.length === 0) throw new Error('--nats <url> is missing (or set NATS_URL)');
  const tls = tlsOf(values, envTls);
  return {
    ...settings,
    servers,
    ...(values['nats-user'] === undefined ? {} : { user: values['nats-user'] }),
    ...(values['nats-nkey'] === undefined ? {} : { nkeySeedFile: values['nats-nkey'] }),
    ...(values['nats-creds'] === undefined ? {} : { credsFile: values['nats-creds'] }),
    ...(values['nats-inbox-prefix'] === undefined
      ? {}
      : { inboxPrefix: values['nats-inbox-prefix'] }),
    ...(tls ? { tls } : {}),
    ...pingsOf(values),
  };
}

/** The ping settings the flags give; each wins over its `NATS_*` variable. */
function pingsOf(values: NatsFlagValues): PingSettings {
  const settings: Record<string, number> = {};
  for (const [key, { flag }] of Object.entries(PING_NAMES)) {
    const text = values[flag.slice(2) as 'nats-ping-interval-ms' | 'nats-max-pings-out'];
    const value = readPingSetting(key as keyof PingSettings, text, flag);
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

function tlsOf(
  values: NatsFlagValues,
  fromEnv: NatsConnectionOptions['tls'],
): NatsTlsOptions | undefined {
  const base = typeof fromEnv === 'object' ? fromEnv : fromEnv ? {} : undefined;
  const files = {
    ...base,
    ...(values['nats-ca'] === undefined ? {} : { caFile: values['nats-ca'] }),
    ...(values['nats-cert'] === undefined ? {} : { certFile: values['nats-cert'] }),
    ...(values['nats-key'] === undefined ? {} : { keyFile: values['nats-key'] }),
  };
  return base || values['nats-tls'] || Object.keys(files).length > 0 ? files : undefined;
}
