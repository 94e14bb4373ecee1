import { RemoteError } from '../errors';

/** A date path split into its steps: a field name, or `*` for every item of an array. */
type Steps = readonly string[];

const cache = new Map<string, Steps>();

/** `$.items[*].at` → `['items', '*', 'at']`. Throws for a path that is not of that form. */
export function parseDatePath(path: string): Steps {
  let steps = cache.get(path);
  if (steps) return steps;
  if (!/^\$(\.[A-Za-z_$][\w$]*|\[\*\])*$/.test(path)) {
    throw new TypeError(`portico: ${JSON.stringify(path)} is not a date path like $.items[*].at`);
  }
  steps = path
    .slice(1)
    .split(/\.|(?=\[\*\])/)
    .filter((step) => step !== '')
    .map((step) => (step === '[*]' ? '*' : step));
  cache.set(path, steps);
  return steps;
}

/**
 * Turns the ISO texts at `paths` of a parsed result into `Date`s. A missing or `null` value on
 * the way is left alone (an optional field); a text that is not a date is a 502 `BAD_REPLY`.
 */
export function reviveDates(value: unknown, paths: Iterable<string>): unknown {
  let result = value;
  for (const path of paths) result = reviveAt(result, parseDatePath(path), 0);
  return result;
}

function reviveAt(value: unknown, steps: Steps, index: number): unknown {
  if (value === null || value === undefined) return value;
  if (index === steps.length) return toDate(value);
  const step = steps[index] as string;
  if (step === '*') {
    if (!Array.isArray(value)) return value;
    for (let i = 0; i < value.length; i++) value[i] = reviveAt(value[i], steps, index + 1);
    return value;
  }
  if (typeof value !== 'object' || !Object.hasOwn(value, step)) return value;
  const record = value as Record<string, unknown>;
  record[step] = reviveAt(record[step], steps, index + 1);
  return value;
}

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new RemoteError('BAD_REPLY', `expected an ISO date in the reply, got ${typeof value}`);
  }
  return date;
}
