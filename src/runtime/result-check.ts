import { type FieldMeta, fieldsOf } from '../decorators/metadata';
import { type Class, describeType, type TypeRef } from '../decorators/types';
import { frameworkError, type RemoteError } from '../errors';
import { describeValue } from '../serialization/binding';

/**
 * Refuses a result that does not fit its declared type: a string for an `int`, an `int` that is
 * not a safe integer (`1e22` would go out as `1e+22`), a `number` that is not finite, anything but
 * a valid `Date` for a date, a required field that is missing. Such a result is the method's
 * fault, so it is a 500 `INTERNAL_ERROR`, whose message (shown in development mode) names the
 * field. The check runs on every call: it walks the result once and builds no path unless it
 * fails.
 */
export function checkResult(value: unknown, type: TypeRef): void {
  if (!fits(value, type)) throw misfitError(value, type, '');
}

function fits(value: unknown, type: TypeRef): boolean {
  switch (type.kind) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime());
    case 'array':
      if (!Array.isArray(value)) return false;
      for (let i = 0; i < value.length; i++) if (!fits(value[i], type.items)) return false;
      return true;
    case 'class':
      return isRecord(value) && fieldsFit(value, type.ctor);
    case 'unknown':
      return true;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

function fieldsFit(value: Record<string, unknown>, ctor: Class): boolean {
  for (const field of fieldsOf(ctor).values()) {
    if (!fieldFits(value[field.name], field)) return false;
  }
  return true;
}

/** A field fits when it holds a value of its type, or none at all where it is optional. */
function fieldFits(value: unknown, field: FieldMeta): boolean {
  if (value === undefined || value === null) return field.optional;
  return fits(value, field.type);
}

/** The error for a result that does not fit, naming the first place where it does not. */
function misfitError(value: unknown, type: TypeRef, path: string): RemoteError {
  if (type.kind === 'array' && Array.isArray(value)) {
    const i = value.findIndex((item) => !fits(item, type.items));
    return misfitError(value[i], type.items, `${path}[${i}]`);
  }
  if (type.kind === 'class' && isRecord(value)) {
    for (const field of fieldsOf(type.ctor).values()) {
      const fieldValue = value[field.name];
      if (fieldFits(fieldValue, field)) continue;
      const at = path ? `${path}.${field.name}` : field.name;
      if (fieldValue === undefined || fieldValue === null) return unfit(at, 'missing');
      return misfitError(fieldValue, field.type, at);
    }
  }
  return unfit(path, `${shown(value)}, which does not fit its declared type ${describeType(type)}`);
}

function shown(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value instanceof Date) return 'an invalid date';
  return typeof value === 'number' ? String(value) : describeValue(value);
}

function unfit(path: string, what: string): RemoteError {
  const where = path ? `field ${path} of the result` : 'the result';
  return frameworkError('INTERNAL_ERROR', `${where} is ${what}`);
}
