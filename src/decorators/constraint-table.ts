import { type Constraints } from './types';

/** A name of a constraint: a key of {@link Constraints}. */
export type ConstraintName = keyof Constraints;

/** What portico knows of one constraint, wherever it reads, checks or writes it. */
export interface ConstraintEntry {
  /** The values it limits: numbers, strings (their length or text), or arrays (their items). */
  readonly on: 'number' | 'string' | 'array';
  /**
   * What a JSDoc tag or an option gives: any number, a whole number, a text, or a format name
   * (which JSDoc gives as `@format`, read with `@integer` since it may change the type).
   */
  readonly value: 'number' | 'count' | 'text' | 'format';
  /** For an exclusive bound: the inclusive one that Swagger 2.0 (draft 4) writes it as. */
  readonly draft4?: 'minimum' | 'maximum';
  /**
   * Why `measure` (the number, the string's length in code points, the array's item count)
   * breaks `limit`, or `undefined` if it keeps it. A pattern has none: its compiled `test` runs.
   */
  readonly broken?: (measure: number, limit: number) => string | undefined;
}

/**
 * Every constraint, in the order documents list them. A name added to {@link Constraints}
 * without its entry here does not compile, and every list of names is derived from this table.
 */
export const CONSTRAINTS = {
  minimum: {
    on: 'number',
    value: 'number',
    broken: (n, limit) => (n < limit ? `${n} is less than ${limit}` : undefined),
  },
  maximum: {
    on: 'number',
    value: 'number',
    broken: (n, limit) => (n > limit ? `${n} is more than ${limit}` : undefined),
  },
  exclusiveMinimum: {
    on: 'number',
    value: 'number',
    draft4: 'minimum',
    broken: (n, limit) => (n <= limit ? `${n} is not more than ${limit}` : undefined),
  },
  exclusiveMaximum: {
    on: 'number',
    value: 'number',
    draft4: 'maximum',
    broken: (n, limit) => (n >= limit ? `${n} is not less than ${limit}` : undefined),
  },
  minLength: {
    on: 'string',
    value: 'count',
    broken: (n, limit) => (n < limit ? `${n} characters, fewer than ${limit}` : undefined),
  },
  maxLength: {
    on: 'string',
    value: 'count',
    broken: (n, limit) => (n > limit ? `${n} characters, more than ${limit}` : undefined),
  },
  pattern: { on: 'string', value: 'text' },
  format: { on: 'string', value: 'format' },
  minItems: {
    on: 'array',
    value: 'count',
    broken: (n, limit) => (n < limit ? `${n} items, fewer than ${limit}` : undefined),
  },
  maxItems: {
    on: 'array',
    value: 'count',
    broken: (n, limit) => (n > limit ? `${n} items, more than ${limit}` : undefined),
  },
} as const satisfies Record<ConstraintName, ConstraintEntry>;

/** The names of every constraint, in the order documents list them. */
export const CONSTRAINT_NAMES = Object.keys(CONSTRAINTS) as ConstraintName[];

/** The names of the constraints whose entry has `key` equal to `value`. */
export function constraintsWhere<K extends keyof ConstraintEntry>(
  key: K,
  value: ConstraintEntry[K],
): ConstraintName[] {
  return CONSTRAINT_NAMES.filter((name) => (CONSTRAINTS[name] as ConstraintEntry)[key] === value);
}

/** The limits among `names` that `measure` breaks, as the first refusal's text. */
export function firstBroken(
  measure: number,
  rules: Constraints,
  names: readonly ConstraintName[],
): string | undefined {
  for (const name of names) {
    const limit = rules[name];
    const broken = (CONSTRAINTS[name] as ConstraintEntry).broken;
    if (limit === undefined || !broken) continue;
    const why = broken(measure, limit as number);
    if (why !== undefined) return why;
  }
  return undefined;
}

/** The bounds that `@format int32` (a signed 32-bit integer) states. */
export const INT32_BOUNDS = { minimum: -2147483648, maximum: 2147483647 } as const;
