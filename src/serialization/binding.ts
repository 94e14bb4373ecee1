import { type FieldMeta, FORBIDDEN_NAMES } from '../decorators/metadata';
import { isDateTime } from '../decorators/time-formats';
import { type Class, describeType, type TypeRef } from '../decorators/types';
import { BindError, type BindOptions } from './sequence';

/** Joins a field path: `a`, `a.b`, `items[2]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** Where a value is bound: its field path in the argument, and the options of the binding. */
export interface BindSite<O extends BindOptions = BindOptions> {
  readonly path: string;
  readonly options: O;
}

/** The site of a field or an item of the value bound at `site`. */
export function innerSite<O extends BindOptions>(
  site: BindSite<O>,
  key: string | number,
): BindSite<O> {
  return { path: joinPath(site.path, key), options: site.options };
}

/** Throws the binding error for a value that is not what the declared type wants. */
export function mismatch(path: string, type: TypeRef, got: string): never {
  throw new BindError(`expected ${article(type)}, got ${got}`, path);
}

function article(type: TypeRef): string {
  switch (type.kind) {
    case 'int':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    case 'date':
      return 'an RFC 3339 date-time';
    case 'array':
      return `an array of ${describeType(type.items)}`;
    default:
      return describeType(type);
  }
}

/** A short description of a received value for an error message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Converts integer text, refusing values beyond the safe integer range. */
export function intFromText(text: string, path: string, type: TypeRef): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    mismatch(path, type, `${describeValue(text)} (beyond the safe range)`);
  return value;
}

/** Converts decimal number text, refusing values beyond the range of a double (`1e400`). */
export function numberFromText(text: string, path: string, type: TypeRef): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : beyondNumberRange(text, path, type);
}

/** Refuses a number that overflowed to infinity; a declared number field holds finite values. */
export function beyondNumberRange(given: unknown, path: string, type: TypeRef): never {
  return mismatch(path, type, `${describeValue(given)} (beyond the range of a number)`);
}

/**
 * The instant of RFC 3339 date-time text. A leap second, second 60 of 23:59 in UTC, is valid
 * RFC 3339 and JSON Schema's `date-time` takes it; a `Date` has no 60th second, so it reads as
 * second 59 (with its fraction), as java.time reads one.
 */
function instantOf(text: string): Date {
  const upper = text.toUpperCase();
  return new Date(upper[17] === '6' ? `${upper.slice(0, 17)}59${upper.slice(19)}` : upper);
}

/**
 * Converts RFC 3339 date-time text (`2024-05-06T07:08:09Z`, `…+02:00`), the `date-time` format of
 * the document: a date alone, a time without seconds or without an offset is refused.
 */
export function dateFromText(text: string, path: string, type: TypeRef): Date {
  const date = isDateTime(text) ? instantOf(text) : undefined;
  if (!date || Number.isNaN(date.getTime())) mismatch(path, type, describeValue(text));
  // An offset can move an instant past the years RFC 3339 can write (`0000-01-01T00:00:00+01:00`):
  // taken, it could not be answered back.
  if (!writableDate(date)) {
    mismatch(path, type, `${describeValue(text)} (in UTC outside the years 0000-9999)`);
  }
  return date;
}

/**
 * True for a valid date in the years 0000 to 9999 in UTC: RFC 3339 has four digits for the year,
 * and `toISOString` writes `+010000-…` beyond them, which no reader of date-time takes back.
 */
export function writableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 0 && year <= 9999;
}

/** A blank instance of a payload class: its prototype, but no constructor run. */
export function blankInstance(ctor: Class): Record<string, unknown> {
  return Object.create(ctor.prototype);
}

/**
 * Checks that every required field of a class (its `fields`) was given: an own key of `given`,
 * the parsed JSON object whose declared keys were all bound, or the instance XML bound them to.
 */
export function checkRequired(
  fields: ReadonlyMap<string, FieldMeta>,
  given: Readonly<Record<string, unknown>>,
  path: string,
): void {
  for (const field of fields.values()) {
    if (!field.optional && !Object.hasOwn(given, field.name)) {
      throw new BindError('required field is missing', joinPath(path, field.name));
    }
  }
}

/** The value of a field given as `null`: `null` where the field is nullable, else a refusal. */
export function nullField(field: FieldMeta, path: string): null {
  if (field.nullable) return null;
  throw new BindError(
    field.optional ? 'null is not allowed (leave the field out instead)' : 'null is not allowed',
    path,
  );
}

/** Refuses a read-only field in a request: the document says it is only sent in answers. */
export function readOnlyField(field: FieldMeta, path: string): void {
  if (field.readOnly) throw new BindError('field is read-only: it is only sent in answers', path);
}

/** Refuses a field name that the class does not declare, unless unknown fields are ignored. */
export function unknownField(name: string, path: string, ignore: boolean): void {
  if (FORBIDDEN_NAMES.has(name) || !ignore) {
    throw new BindError('field is not declared', joinPath(path, name));
  }
}
