import {
  assertExperimentalDecorators,
  EMIT_METADATA_HINT,
  hasEmittedTypes,
} from './compiler-flags';
import { classMeta } from './metadata';
import { assertName } from './service';
import { type TypeSpec, toTypeRef } from './types';

/** Options of {@link Field}. */
export interface FieldOptions {
  /** An optional field may be absent (or null) on the wire. */
  optional?: boolean;
  /** A description for the API document. */
  description?: string;
}

/**
 * Declares a field of a payload class. The type comes from TypeScript where it is precise
 * (`string`, `boolean`, `number`, `Date`, a class); give it for integers and arrays.
 *
 * @example
 * class MulInput {
 *   @Field(Int) a!: number;
 *   @Field([String], { optional: true }) tags?: string[];
 * }
 */
export function Field(
  type?: TypeSpec | FieldOptions,
  options: FieldOptions = {},
): PropertyDecorator {
  return (target, key) => {
    assertExperimentalDecorators('Field', key);
    if (typeof key !== 'string') throw new TypeError('portico: a field needs a string name');
    assertName('field', key);
    const isOptions = typeof type === 'object' && type !== null && !Array.isArray(type);
    const opts = isOptions ? (type as FieldOptions) : options;
    const spec = isOptions ? undefined : type;
    const ctor = (target as { constructor: Function }).constructor;
    const resolved = toTypeRef(spec ?? Reflect.getMetadata('design:type', target, key));
    if (!resolved && spec === undefined && !hasEmittedTypes(target, key)) {
      throw new TypeError(
        `portico: field ${ctor.name}.${key} has no type: ${EMIT_METADATA_HINT}, or give it, for example @Field(String)`,
      );
    }
    if (!resolved) {
      throw new TypeError(
        `portico: field ${ctor.name}.${key} needs an explicit type, for example @Field([String])`,
      );
    }
    classMeta(ctor).fields.set(key, {
      name: key,
      type: resolved,
      optional: opts.optional ?? false,
      ...(opts.description === undefined ? {} : { description: opts.description }),
    });
  };
}
