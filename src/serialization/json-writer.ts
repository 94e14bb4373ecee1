import { fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef, tupleItem } from '../decorators/types';
import { mapRecord } from './shapes';
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
  const unwrapped = declared?.kind === 'nullable' ? declared.of : declared;
  const picks = unwrapped?.kind === 'union' || unwrapped?.kind === 'either';
  const type = picks ? writtenType(value, unwrapped) : unwrapped;
  if (Array.isArray(value)) {
    if (type?.kind === 'tuple')
      return value.map((item, i) => declaredOnly(item, tupleItem(type, i)));
    const items = type?.kind === 'array' ? type.items : undefined;
    return value.map((item) => declaredOnly(item, items));
  }
  // A record's keys are data: `__proto__` among them stays a key of the text.
  if (type?.kind === 'record') return mapRecord(value, (v) => declaredOnly(v, type.values));
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
