import type { Logger } from 'pino';
import { type EntryPointConfig } from '../entry-point/config';
import { MAX_TIMER_MS } from '../protocol/deadline';
import { type HttpLimits, type MainServerConfig } from './config';

/** The switches of a main server's configuration, each `true`, `false` or left out. */
const SWITCHES = ['development', 'metrics', 'tracing'] as const;

/**
 * Refuses, with one line naming the key, the top-level values that nothing else checks before they
 * do harm: a `port` that is not a number (Node takes a text that is no number as the path of a Unix
 * socket; one of digits is refused too, as the type says), a `host` that is not text (Node ignores
 * it and listens everywhere, as it does for an empty one, which is taken), and a switch that is not a boolean (`metrics: 'false'` would turn
 * metrics on).
 */
export function checkServerConfig(config: MainServerConfig): void {
  const { port, host } = config;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw wrong('port', 'a port number from 0 to 65535', port);
  }
  if (host !== undefined && typeof host !== 'string') {
    throw wrong('host', 'a host name or address', host);
  }
  for (const key of SWITCHES) {
    const value = config[key];
    if (value !== undefined && typeof value !== 'boolean') throw wrong(key, 'true or false', value);
  }
}

/**
 * Refuses a time that no timer keeps: Node fires a timer longer than {@link MAX_TIMER_MS} after
 * 1 ms, so that a drain delay of a year would not delay at all.
 */
export function checkTimerMs(key: string, ms: number): void {
  if (ms > MAX_TIMER_MS) throw wrong(key, `at most ${MAX_TIMER_MS} ms`, ms);
}

function wrong(key: string, what: string, given: unknown): TypeError {
  return new TypeError(`portico: ${key} must be ${what}, got ${JSON.stringify(given)}`);
}

/** Every key of a main server's configuration, its entry point section and its HTTP limits. */
const KNOWN = {
  '': {
    ...{ port: 1, host: 1, microservices: 1, placement: 1, ENTRY_POINTS: 1, http: 1 },
    ...{ logLevel: 1, logStream: 1, development: 1, metrics: 1, tracing: 1, drainDelayMs: 1 },
    admin: 1,
  } satisfies Record<keyof MainServerConfig, 1>,
  'ENTRY_POINTS.': { WEB_SERVICE_FACADE_HTTP: 1 },
  'ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP.': {
    ...{ defaultApiId: 1, defaultSequenceName: 1, maxBodyBytes: 1, callTimeoutMs: 1, cors: 1 },
    ...{ defaultLocale: 1, permissionResolver: 1, maxDepth: 1, maxArgs: 1, maxConcurrentCalls: 1 },
  } satisfies Record<keyof EntryPointConfig, 1>,
  'http.': {
    ...{ headersTimeoutMs: 1, requestTimeoutMs: 1, keepAliveTimeoutMs: 1, maxHeaderBytes: 1 },
    ...{ maxHeaderCount: 1, writeTimeoutMs: 1 },
  } satisfies Record<keyof HttpLimits, 1>,
};

/**
 * Logs one warning per key that portico does not know, with the known key it is nearest to: a
 * typo (`drainDelay: 10000`) would otherwise leave the default in force without a word.
 */
export function warnUnknownKeys(config: MainServerConfig, logger: Logger): void {
  const sections: [keyof typeof KNOWN, unknown][] = [
    ['', config],
    ['ENTRY_POINTS.', config.ENTRY_POINTS],
    ['ENTRY_POINTS.WEB_SERVICE_FACADE_HTTP.', config.ENTRY_POINTS?.WEB_SERVICE_FACADE_HTTP],
    ['http.', config.http],
  ];
  for (const [prefix, section] of sections) {
    if (typeof section !== 'object' || section === null) continue;
    const known = Object.keys(KNOWN[prefix]);
    for (const key of Object.keys(section).filter((key) => !known.includes(key))) {
      const nearest = known.find((name) => isNear(key, name));
      const fields = { key: prefix + key, ...(nearest ? { nearest: prefix + nearest } : {}) };
      logger.warn(fields, 'unknown configuration key: ignored');
    }
  }
}

/** Whether `typed` looks like a slip for `name`: one holds the other, or 2 edits or fewer apart. */
function isNear(typed: string, name: string): boolean {
  const [a, b] = [typed.toLowerCase(), name.toLowerCase()];
  if (a.includes(b) || b.includes(a)) return true;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
    }
    row = next;
  }
  return (row[b.length] ?? 0) <= 2;
}
