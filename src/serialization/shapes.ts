import { describeType, type TupleType } from '../decorators/types';
import { type BindSite, joinPath } from './binding';
import { BindError } from './sequence';

/** A key that a path can show after a dot: a name of letters, digits, `_` and `$`. */
const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** The path of a record's value: `scores.alice`, or `scores["two words"]` for any other key. */
export function keyPath(path: string, key: string): string {
  return PLAIN_KEY.test(key) ? joinPath(path, key) : `${path}[${JSON.stringify(key)}]`;
}

/** The site of the value under `key` in the record bound at `site`. */
export function keySite<O extends BindSite['options']>(
  site: BindSite<O>,
  key: string,
): BindSite<O> {
  return { path: keyPath(site.path, key), options: site.options };
}

/**
 * A record as the runtime binds it: an object without a prototype, so that a key such as
 * `__proto__`, `constructor` or `toString` is only a key, and reaches no prototype
 * (docs/wire-protocol.md, records).
 */
export function emptyRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** A record of `source`'s own keys, each value turned by `each`. */
export function mapRecord(
  source: object,
  each: (value: unknown, key: string) => unknown,
): Record<string, unknown> {
  const out = emptyRecord();
  const from = source as Record<string, unknown>;
  for (const key of Object.keys(from)) out[key] = each(from[key], key);
  return out;
}

/** Refuses a tuple whose item count its type does not allow, naming the index missing or extra. */
export function checkTupleLength(length: number, type: TupleType, path: string): void {
  if (length < type.minItems) {
    throw new BindError(
      `item is missing: ${describeType(type)} has at least ${type.minItems} items`,
      joinPath(path, length),
    );
  }
  if (!type.rest && length > type.items.length) {
    throw new BindError(
      `item is not declared: ${describeType(type)} has at most ${type.items.length} items`,
      joinPath(path, type.items.length),
    );
  }
}

/** True for a value a record binds from: an object that is not an array. */
export function isRecordSource(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
