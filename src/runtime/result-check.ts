import { fieldsOf } from '../decorators/metadata';
import { describeType, type TypeRef } from '../decorators/types';
import { frameworkError, type RemoteError } from '../errors';

/**
 * Refuses a result whose numbers the wire could not carry back: an `int` that is not a safe
 * integer (`1e22` would go out as `1e+22`) or a `number` that is not finite (`null` in JSON,
 * `Infinity` in XML). Such a result is the method's fault, so it is a 500 `INTERNAL_ERROR`.
 */
export function checkResult(value: unknown, type: TypeRef, path = ''): void {
  switch (type.kind) {
    case 'int':
      if (typeof value === 'number' && !Number.isSafeInteger(value)) throw unfit(value, type, path);
      return;
    case 'number':
      if (typeof value === 'number' && !Number.isFinite(value)) throw unfit(value, type, path);
      return;
    case 'array':
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) checkResult(value[i], type.items, `${path}[${i}]`);
      }
      return;
    case 'class':
      if (typeof value === 'object' && value !== null) {
        for (const field of fieldsOf(type.ctor).values()) {
          const at = path ? `${path}.${field.name}` : field.name;
          checkResult((value as Record<string, unknown>)[field.name], field.type, at);
        }
      }
      return;
    default:
      return;
  }
}

function unfit(value: number, type: TypeRef, path: string): RemoteError {
  const where = path ? `field ${path} of the result` : 'the result';
  return frameworkError(
    'INTERNAL_ERROR',
    `${where} is ${value}, which does not fit its declared type ${describeType(type)}`,
  );
}
