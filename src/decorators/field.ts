import {
  assertExperimentalDecorators,
  EMIT_METADATA_HINT,
  hasEmittedTypes,
} from './compiler-flags';
import { type Constraints, withConstraints } from './constraints';
import { classMeta } from './metadata';
import { isOneOfSpec } from './one-of';
import { assertName } from './service';
import { type TypeSpec, toTypeRef, UNKNOWN_TYPE } from './types';

/** Options of {@link Field}: presence, `null`, a description and the value {@link Constraints}. */
export interface FieldOptions extends Constraints {
  /** An optional field may be absent on the wire. */
  optional?: boolean;
  /** A nullable field takes `null` (in XML: an absent element); independent of `optional`. */
  nullable?: boolean;
  /** A description for the API document. */
  description?: string;
}

/**
 * Declares a field of a payload class. The type comes from TypeScript where it is precise
 * (`string`, `boolean`, `number`, `Date`, a class); give it for integers, arrays and enums.
 *
 * @example
 * class OrderLine {
 *   @Field(Int, { minimum: 1, maximum: 99 }) quantity!: number;
 *   @Field(OneOf(Status)) status!: Status;
 *   @Field(Date, { nullable: true }) shippedAt!: Date | null;
 *   @Field([String], { optional: true, maxItems: 5 }) tags?: string[];
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
    const isOptions =
      typeof type === 'object' && type !== null && !Array.isArray(type) && !isOneOfSpec(type);
    const opts = isOptions ? (type as FieldOptions) : options;
    const spec = isOptions ? undefined : type;
    const ctor = (target as { constructor: Function }).constructor;
    const emitted = Reflect.getMetadata('design:type', target, key);
    const resolved = toTypeRef(spec ?? emitted);
    const problem = resolved
      ? undefined
      : missingType(`${ctor.name}.${key}`, spec === undefined ? emitted : spec, {
          noMetadata: spec === undefined && !hasEmittedTypes(target, key),
        });
    const { optional, nullable, description, ...constraints } = opts;
    classMeta(ctor).fields.set(key, {
      name: key,
      // An untyped field's limits are the contract's to carry: the type they apply to is unknown.
      type: resolved
        ? withConstraints(resolved, constraints, `field ${ctor.name}.${key}`)
        : UNKNOWN_TYPE,
      optional: optional ?? false,
      nullable: nullable ?? false,
      ...(description === undefined ? {} : { description }),
      ...(problem === undefined ? {} : { problem }),
    });
  };
}

/**
 * Why a field has no type the decorators can tell. Recorded, not thrown: the build's contract
 * (docs/design-contract.md) may type the field, so the refusal waits until the class is served.
 */
function missingType(field: string, given: unknown, { noMetadata }: { noMetadata: boolean }) {
  if (noMetadata) {
    return `portico: field ${field} has no type: ${EMIT_METADATA_HINT}, or give it, for example @Field(String)`;
  }
  // What TypeScript emits says which kind of type the decorator must name: an array's items, or
  // the one type of a union with null (Object is also an interface's or a type literal's).
  const example =
    given === Array
      ? 'TypeScript emits it as Array, without its items: give them, for example @Field([String])'
      : given === Object
        ? 'TypeScript emits it as Object (a union such as string | null, an interface or a type literal): give it, for example @Field(String, { nullable: true })'
        : 'give it, for example @Field(String) or @Field([String])';
  return `portico: field ${field} needs an explicit type: ${example}, or build a contract with generate-swagger --contract`;
}
