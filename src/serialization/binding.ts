import { FORBIDDEN_NAMES, fieldsOf } from '../decorators/metadata';
import { type Class, describeType, type TypeRef } from '../decorators/types';
import { isDateText } from './number-text';
import { BindError } from './sequence';

/** Joins a field path: `a`, `a.b`, `items[2]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
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
      return 'an ISO-8601 date';
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
  return finiteNumber(Number(text), text, path, type);
}

/** Refuses a number that overflowed to infinity; a declared number field holds finite values. */
export function finiteNumber(value: number, given: unknown, path: string, type: TypeRef): number {
  if (!Number.isFinite(value)) {
    mismatch(path, type, `${describeValue(given)} (beyond the range of a number)`);
  }
  return value;
}

/** Converts ISO-8601 date text. */
export function dateFromText(text: string, path: string, type: TypeRef): Date {
  const date = isDateText(text) ? new Date(text) : undefined;
  if (!date || Number.isNaN(date.getTime())) mismatch(path, type, describeValue(text));
  return date;
}

/** A blank instance of a payload class: its prototype, but no constructor run. */
export function blankInstance(ctor: Class): Record<string, unknown> {
  return Object.create(ctor.prototype);
}

/** Checks that every required field of `ctor` was given. */
export function checkRequired(ctor: Class, seen: ReadonlySet<string>, path: string): void {
  for (const field of fieldsOf(ctor).values()) {
    if (!field.optional && !seen.has(field.name)) {
      throw new BindError('required field is missing', joinPath(path, field.name));
    }
  }
}

/** Refuses a field name that the class does not declare, unless unknown fields are ignored. */
export function unknownField(name: string, path: string, ignore: boolean): void {
  if (FORBIDDEN_NAMES.has(name) || !ignore) {
    throw new BindError('field is not declared', joinPath(path, name));
  }
}
