import { type EntryPointConfig } from '../entry-point/config';
import { LOCALE } from '../entry-point/read-call-headers';
import { isSequenceName } from '../serialization/sequence';
import {
  ENTRY_POINT_DEFAULTS,
  HTTP_DEFAULTS,
  type HttpLimits,
  type MainServerConfig,
} from './config';

/** The entry point section with every default filled in. */
export function resolveEntryPointConfig(config: MainServerConfig): EntryPointConfig {
  const given = config.ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP ?? {};
  const resolved = { ...ENTRY_POINT_DEFAULTS, ...given };
  for (const key of [
    'maxBodyBytes',
    'callTimeoutMs',
    'maxDepth',
    'maxArgs',
    'maxConcurrentCalls',
  ] as const) {
    if (!Number.isInteger(resolved[key]) || resolved[key] <= 0) {
      throw new TypeError(`portico: WEB_SERVICE_FACADE_HTTP.${key} must be a positive integer`);
    }
  }
  checkDefaults(resolved);
  return resolved;
}

/** Refuses defaults that would make every call fail, blaming a header the caller never sent. */
function checkDefaults(config: EntryPointConfig): void {
  const wrong = (key: string, what: string) =>
    new TypeError(`portico: WEB_SERVICE_FACADE_HTTP.${key} must be ${what}`);
  if (config.defaultApiId !== 'ROA' && config.defaultApiId !== 'RMC') {
    throw wrong('defaultApiId', 'ROA or RMC');
  }
  if (!isSequenceName(config.defaultSequenceName)) {
    throw wrong('defaultSequenceName', 'one of the four sequence names');
  }
  if (!LOCALE.test(config.defaultLocale)) throw wrong('defaultLocale', 'a language tag such as en');
  if (config.cors === false) return;
  const { origins = '*', maxAgeSeconds = 0 } = config.cors;
  if (origins !== '*' && !(Array.isArray(origins) && origins.every((o) => typeof o === 'string'))) {
    throw wrong('cors.origins', "'*' or a list of origins");
  }
  if (!Number.isInteger(maxAgeSeconds) || maxAgeSeconds < 0) {
    throw wrong('cors.maxAgeSeconds', 'a whole number of seconds');
  }
  const { credentialOrigins = [] } = config.cors;
  if (!Array.isArray(credentialOrigins) || !credentialOrigins.every(isExactOrigin)) {
    throw wrong('cors.credentialOrigins', 'a list of exact origins such as https://app.example');
  }
}

/** An origin as a browser sends it: scheme, host and port, no path, not `*` and not `null`. */
function isExactOrigin(origin: unknown): boolean {
  if (typeof origin !== 'string' || !URL.canParse(origin)) return false;
  return new URL(origin).origin === origin;
}

/** The drain delay of the configuration, checked. */
export function resolveDrainDelay(config: MainServerConfig): number {
  const delay = config.drainDelayMs ?? 0;
  if (!Number.isInteger(delay) || delay < 0) {
    throw new TypeError('portico: drainDelayMs must be a whole number of milliseconds');
  }
  return delay;
}

/** The HTTP limits with every default filled in; each must be a positive integer. */
export function resolveHttpLimits(config: MainServerConfig): HttpLimits {
  const resolved = { ...HTTP_DEFAULTS, ...config.http };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(`portico: http.${key} must be a positive integer`);
    }
  }
  if (resolved.headersTimeoutMs > resolved.requestTimeoutMs) {
    throw new TypeError('portico: http.headersTimeoutMs must not exceed http.requestTimeoutMs');
  }
  return resolved;
}
