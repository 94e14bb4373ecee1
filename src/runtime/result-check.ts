import { type FieldMeta, fieldsOf } from '../decorators/metadata';
import { describeType, type TypeRef, tupleItem } from '../decorators/types';
import { isObjectValue } from '../decorators/union-types';
import { RemoteError } from '../errors';
import { writableDate } from '../serialization/binding';
import { BindError } from '../serialization/sequence';
import { checkTupleLength, isRecordSource, keyPath } from '../serialization/shapes';
import { memberOf } from '../serialization/union-member';
import { checkItems, checkNumber, checkString, enumMember } from '../serialization/value-rules';

/**
 * Refuses a result that does not fit its declared type, as the document describes it: a value of
 * another type (a string for an `int`), a number the wire cannot carry (`1e22` for an `int`,
 * `Infinity`), a value outside its enum or limits, a required field missing, `null` where the
 * field is not nullable. Such a result is the method's fault: a 500 `INTERNAL_ERROR`, whose
 * message (hidden outside development mode) names the field. A bare `null` result is let through.
 */
export function checkResult(value: unknown, type: TypeRef, path = ''): void {
  if (value === null && path === '') return;
  switch (type.kind) {
    case 'int':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw unfit(value, type, path);
      if (type.rules) within(() => checkNumber(value, type.rules!, path));
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw unfit(value, type, path);
      if (type.rules) within(() => checkNumber(value, type.rules!, path));
      return;
    case 'string':
      if (typeof value !== 'string') throw unfit(value, type, path);
      if (type.rules) within(() => checkString(value, type.rules!, path));
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw unfit(value, type, path);
      return;
    case 'date':
      if (!(value instanceof Date) || !writableDate(value)) throw unfit(value, type, path);
      return;
    case 'enum':
      within(() => enumMember(value, type, path));
      return;
    case 'array':
      checkArray(value, type, path);
      return;
    case 'class':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw unfit(value, type, path);
      }
      for (const field of fieldsOf(type.ctor).values()) checkField(value, field, path);
      return;
    case 'union': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw unfit(value, type, path);
      }
      const tag = (value as Record<string, unknown>)[type.discriminator];
      checkResult(
        value,
        within(() => memberOf(type, tag, path)),
        path,
      );
      return;
    }
    case 'either':
      checkResult(value, isObjectValue(value) ? type.object : type.scalar, path);
      return;
    case 'nullable':
      if (value !== null) checkResult(value, type.of, path);
      return;
    case 'record':
      if (!isRecordSource(value)) throw unfit(value, type, path);
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) checkResult(item, type.values, keyPath(path, key));
      }
      return;
    case 'tuple':
      if (!Array.isArray(value)) throw unfit(value, type, path);
      within(() => checkTupleLength(value.length, type, path));
      for (let i = 0; i < value.length; i++) {
        checkResult(value[i], tupleItem(type, i)!, `${path}[${i}]`);
      }
      return;
    default:
      return;
  }
}

function checkArray(value: unknown, type: Extract<TypeRef, { kind: 'array' }>, path: string) {
  if (!Array.isArray(value)) throw unfit(value, type, path);
  if (type.rules) within(() => checkItems(value.length, type.rules!, path));
  for (let i = 0; i < value.length; i++) checkResult(value[i], type.items, `${path}[${i}]`);
}

function checkField(value: object, field: FieldMeta, path: string): void {
  const at = path ? `${path}.${field.name}` : field.name;
  const fieldValue = (value as Record<string, unknown>)[field.name];
  if (fieldValue === undefined) {
    if (!field.optional) throw new RemoteError('INTERNAL_ERROR', `${where(at)} is missing`);
    return;
  }
  if (fieldValue === null) {
    if (!field.nullable) throw new RemoteError('INTERNAL_ERROR', `${where(at)} is null`);
    return;
  }
  checkResult(fieldValue, field.type, at);
}

/** Runs a binding check on a result, turning its refusal into the result's 500. */
function within<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof BindError)) throw error;
    const message = `${where(error.path)} does not fit its declared type: ${error.message}`;
    throw new RemoteError('INTERNAL_ERROR', message);
  }
}

function where(path: string): string {
  return path ? `field ${path} of the result` : 'the result';
}

function unfit(value: unknown, type: TypeRef, path: string): RemoteError {
  const shown =
    typeof value === 'string'
      ? JSON.stringify(value.slice(0, 40))
      : value instanceof Date
        ? Number.isNaN(value.getTime())
          ? 'an invalid date'
          : `${value.toISOString()}, beyond the years 0000-9999 of RFC 3339`
        : String(value);
  return new RemoteError(
    'INTERNAL_ERROR',
    `${where(path)} is ${Array.isArray(value) ? 'an array' : shown}, which does not fit its declared type ${describeType(type)}`,
  );
}
