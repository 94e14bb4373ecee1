import { MAX_TIMER_MS } from '../protocol/deadline';
import { type MainServerConfig } from './config';

/** The switches of a main server's configuration, each `true`, `false` or left out. */
const SWITCHES = ['development', 'metrics', 'tracing'] as const;

/**
 * Refuses, with one line naming the key, the top-level values that nothing else checks before they
 * do harm: a `port` that is not a number (Node takes a string as the path of a Unix socket), a
 * `host` that is not text (Node ignores it and listens everywhere), and a switch that is not a
 * boolean (`metrics: 'false'` would turn metrics on).
 */
export function checkServerConfig(config: MainServerConfig): void {
  const { port, host } = config;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw wrong('port', 'a port number from 0 to 65535', port);
  }
  if (host !== undefined && (typeof host !== 'string' || host === '')) {
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
