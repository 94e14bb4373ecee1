import { fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef } from '../decorators/types';
import { writtenType } from './union-member';

/** JSON text of a result: class instances by their declared fields only, as XML writes them. */
export function writeJson(value: unknown, type: TypeRef | undefined): string {
  const text = JSON.stringify(declaredOnly(value, type));
  return text === undefined ? 'null' : text;
}

/**
 * The value with every class instance reduced to its declared fields, so that no property the
 * class does not declare (internal state, a secret) reaches the wire, and JSON agrees with XML.
 */
function declaredOnly(value: unknown, declared: TypeRef | undefined): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const type = declared?.kind === 'union' ? writtenType(value, declared) : declared;
  if (Array.isArray(value)) {
    const items = type?.kind === 'array' ? type.items : undefined;
    return value.map((item) => declaredOnly(item, items));
  }
  const ctor = type?.kind === 'class' ? type.ctor : (value.constructor as Class | undefined);
  const fields = ctor && ctor !== Object ? fieldsOf(ctor) : undefined;
  if (!fields || fields.size === 0) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields.values()) {
    const fieldValue = record[field.name];
    if (fieldValue !== undefined) out[field.name] = declaredOnly(fieldValue, field.type);
  }
  return out;
}
