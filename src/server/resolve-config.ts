import { type EntryPointConfig } from '../entry-point/config';
import { LOCALE } from '../entry-point/read-call-headers';
import { isSequenceName } from '../serialization/sequence';
import { checkTimerMs } from './check-config';
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
  checkTimerMs('WEB_SERVICE_FACADE_HTTP.callTimeoutMs', resolved.callTimeoutMs);
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
  const resolver = config.permissionResolver;
  if (resolver !== undefined && typeof resolver !== 'function') {
    throw wrong('permissionResolver', 'a function of ({ privilegeNames, target })');
  }
  if (config.cors === false) return;
  const { origins = '*', maxAgeSeconds = 0 } = config.cors;
  // An origin with a path or a final `/` never equals a browser's Origin header: no page could call.
  if (origins !== '*' && !(Array.isArray(origins) && origins.every(isExactOrigin))) {
    throw wrong('cors.origins', "'*' or a list of exact origins such as https://app.example");
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
  checkTimerMs('drainDelayMs', delay);
  return delay;
}

/** The HTTP limits with every default filled in; each must be a positive integer. */
export function resolveHttpLimits(config: MainServerConfig): HttpLimits {
  const resolved = { ...HTTP_DEFAULTS, ...config.http };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(`portico: http.${key} must be a positive integer`);
    }
    if (key.endsWith('Ms')) checkTimerMs(`http.${key}`, value);
  }
  if (resolved.headersTimeoutMs > resolved.requestTimeoutMs) {
    throw new TypeError('portico: http.headersTimeoutMs must not exceed http.requestTimeoutMs');
  }
  return resolved;
}
