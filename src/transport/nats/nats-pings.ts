import { MAX_TIMER_MS } from '../../protocol/deadline';

/**
 * How a NATS connection finds out that its server hangs: it pings every `pingIntervalMs`, and at
 * the ping after `maxPingsOut` unanswered ones it drops the server and reconnects to another node.
 * The defaults, 1 s and 3, and why: docs/faults.md, "A hung NATS node".
 */
export const DEFAULT_PINGS = { pingIntervalMs: 1_000, maxPingsOut: 3 } as const;

/** The bounds of each setting: below 100 ms a ping would cost more than it tells. */
const BOUNDS = {
  pingIntervalMs: { min: 100, max: MAX_TIMER_MS, unit: ' ms' },
  maxPingsOut: { min: 1, max: 1_000, unit: '' },
} as const;

/** What the ping settings may say, as a placement, a replica's options or the environment give them. */
export interface PingSettings {
  readonly pingIntervalMs?: number;
  readonly maxPingsOut?: number;
}

/** The name of each setting in the environment and on `portico microservice`'s command line. */
export const PING_NAMES = {
  pingIntervalMs: { env: 'NATS_PING_INTERVAL_MS', flag: '--nats-ping-interval-ms' },
  maxPingsOut: { env: 'NATS_MAX_PINGS_OUT', flag: '--nats-max-pings-out' },
} as const;

/** Why `value` cannot be `key`, or undefined when it can. */
function fault(key: keyof PingSettings, value: unknown): string | undefined {
  const { min, max, unit } = BOUNDS[key];
  if (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) return;
  return `must be a whole number from ${min} to ${max}${unit}, got ${JSON.stringify(value)}`;
}

/**
 * Refuses a ping setting that is not a whole number in its bounds, naming it after `where`
 * (`the placement of microservice calc: `): the client would take 0 pings for its default, and a
 * text would ping every millisecond.
 */
export function checkPings(settings: PingSettings, where = ''): void {
  for (const key of Object.keys(BOUNDS) as (keyof PingSettings)[]) {
    const value = settings[key];
    const why = value === undefined ? undefined : fault(key, value);
    if (why) throw new TypeError(`portico: ${where}${key} ${why}`);
  }
}

/**
 * The ping setting `key` read from a text (an environment variable or a flag), or undefined
 * without one. Throws `${label} must be …` for anything but a whole number in its bounds.
 */
export function readPingSetting(
  key: keyof PingSettings,
  text: string | undefined,
  label: string,
): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : text;
  const why = fault(key, value);
  if (why) throw new TypeError(`${label} ${why}`);
  return value as number;
}
