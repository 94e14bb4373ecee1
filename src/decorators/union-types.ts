import { type ClassRef, type TypeRef } from './types';

/**
 * A field that holds a primitive or an object (`string | Address`): a value's own shape tells
 * which, a JSON object or an XML element with elements inside being the object.
 */
export interface EitherRef {
  readonly kind: 'either';
  readonly scalar: TypeRef;
  readonly object: ClassRef | UnionRef;
}

const SCALAR_KINDS: ReadonlySet<TypeRef['kind']> = new Set([
  'int',
  'number',
  'string',
  'boolean',
  'date',
  'enum',
]);

/** The {@link EitherRef} of two types, a primitive (or set) and an object type, else `undefined`. */
export function eitherOf(types: readonly TypeRef[]): EitherRef | undefined {
  const objects = types.filter((t) => t.kind === 'class' || t.kind === 'union');
  const scalars = types.filter((t) => SCALAR_KINDS.has(t.kind));
  if (types.length !== 2 || objects.length !== 1 || scalars.length !== 1) return undefined;
  return { kind: 'either', scalar: scalars[0]!, object: objects[0] as ClassRef | UnionRef };
}

/** True for a value that binds as an object: not `null`, not an array. */
export function isObjectValue(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A union of payload classes that one required field tells apart (`kind: 'circle'`, `ok: true`,
 * `v: 1`): `members` gives the class that each of its values names, by the value's text
 * (docs/design-contract.md).
 */
export interface UnionRef {
  readonly kind: 'union';
  readonly discriminator: string;
  readonly members: ReadonlyMap<string, ClassRef>;
  /** The values are booleans or numbers, not strings. */
  readonly tagType?: 'boolean' | 'number';
  /** The union's alias, for messages (`Shape`): its members are all named `object`. */
  readonly name?: string;
}
