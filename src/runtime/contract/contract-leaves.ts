import { CONSTRAINT_NAMES, INT32_BOUNDS } from '../../decorators/constraint-table';
import { withConstraints } from '../../decorators/constraints';
import { classMeta } from '../../decorators/metadata';
import { isStringFormat } from '../../decorators/string-formats';
import { type Class, type Constraints, type TypeRef } from '../../decorators/types';
import { type ContractSchema } from './contract-format';

/**
 * The parts of the contract's types that hold no other type: primitives with their limits, the
 * classes made for named types, and the refusal of what the runtime cannot bind.
 */

const PRIMITIVES = {
  integer: { kind: 'int' },
  number: { kind: 'number' },
  string: { kind: 'string' },
  boolean: { kind: 'boolean' },
} as const satisfies Record<string, TypeRef>;

function constraintsOf(schema: ContractSchema): Constraints {
  const picked: Record<string, unknown> = {};
  for (const key of CONSTRAINT_NAMES) if (schema[key] !== undefined) picked[key] = schema[key];
  const int32 = picked.format === 'int32';
  // `int32`, `int64` and a Date's `date-time` name a type, which the primitive already gives.
  if (!isStringFormat(picked.format) || (schema.kind === 'primitive' && schema.instant)) {
    delete picked.format;
  }
  // `int32` also bounds: a 32-bit integer, as OpenAPI's format says, within any tighter limits.
  if (int32) {
    picked.minimum = Math.max(
      (picked.minimum as number | undefined) ?? -Infinity,
      INT32_BOUNDS.minimum,
    );
    picked.maximum = Math.min(
      (picked.maximum as number | undefined) ?? Infinity,
      INT32_BOUNDS.maximum,
    );
  }
  return picked as Constraints;
}

/** Refuses, as the contract loads, a type the runtime cannot bind. */
export function refuse(where: string, what: string): never {
  throw new TypeError(`portico: ${where} is ${what}, which the runtime does not bind yet`);
}

/** The usual cause of a type parameter left unbound in a contract. */
const UNBOUND_CAUSE =
  'A type parameter is left unbound where a params or returns entry names a generic class alone (params: [Page]): drop the entry, so that the written type (Page<Day>) is used';

/**
 * Refuses a schema of a kind the runtime cannot bind (`an intersection`); a type the build could
 * not describe is named with its type, and, where it reads as a type parameter (`T`), with the
 * usual cause of an unbound one; a `bigint` or `Map<…>` has its fix in the build's warning.
 */
export function refuseKind(where: string, schema: ContractSchema): never {
  if (schema.kind !== 'unsupported') {
    return refuse(where, `${/^[aeiou]/.test(schema.kind) ? 'an' : 'a'} ${schema.kind}`);
  }
  const text = schema.typeText ?? 'unknown';
  // TypeScript's own names of types without a shape (any, bigint, never) are lower-case.
  const cause = /^[A-Z_$][\w$]*$/.test(text)
    ? UNBOUND_CAUSE
    : 'Its warning says what to write instead';
  throw new TypeError(
    `portico: ${where} has type \`${text}\`, which generate-swagger could not describe and warned of at its file:line; the runtime cannot bind it. ${cause}`,
  );
}

/**
 * A class of its own for a named type without one: an interface, `Partial<T>`, `Page<Book>`. It
 * is named on the wire as the document names it: a class's names, else `object` (libA's name of
 * a value without a class); messages name it `name`, as the document's schema.
 */
export function classFor(name: string, schema: ContractSchema, base: Class | undefined): Class {
  const made = base ? class extends (base as new () => object) {} : class {};
  const alias = schema.xmlName ?? 'object';
  Object.defineProperty(made, 'name', { value: schema.libBXmlName ?? alias });
  const meta = classMeta(made);
  meta.alias = alias;
  meta.shown = name;
  return made;
}

/** An index signature alone (`Record<string, V>`): bound as a record, not as a class. */
export function isRecord(
  schema: Extract<ContractSchema, { kind: 'object' }>,
): schema is typeof schema & { readonly additional: ContractSchema } {
  return schema.additional !== undefined && schema.properties.length === 0;
}

/** The runtime type of a primitive of the contract, with its limits (`Date` for an instant). */
export function primitiveType(
  schema: Extract<ContractSchema, { kind: 'primitive' }>,
  where: string,
): TypeRef {
  const base = schema.instant ? { kind: 'date' as const } : PRIMITIVES[schema.type];
  return withConstraints(base, constraintsOf(schema), where);
}

/**
 * A named type with the limits its use states beside it: `/** @pattern ^sku-[0-9]+$ *\/ ref: Ref`,
 * where `Ref` is a union of template literals, which the contract names as a string. The document
 * gives them beside the `$ref` (OpenAPI 3.1: both hold), so the server checks them too; also on a
 * set of literals or an enum (`@pattern ^r` on `color: Color`), on its values of their JSON type.
 */
export function limitRef(type: TypeRef, schema: ContractSchema, where: string): TypeRef {
  if (type.kind === 'nullable') {
    const of = limitRef(type.of, schema, where);
    return of === type.of ? type : { kind: 'nullable', of };
  }
  // `string | Address`: JSON Schema applies a string's limits to the string.
  if (type.kind === 'either') {
    return { ...type, scalar: withConstraints(type.scalar, constraintsOf(schema), where) };
  }
  if (!['string', 'number', 'int', 'enum'].includes(type.kind)) return type;
  return withConstraints(type, constraintsOf(schema), where);
}
