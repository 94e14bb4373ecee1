import { findClassMeta } from './metadata';
import { type EnumValue, isOneOfSpec, ONE_OF, type OneOfSpec } from './one-of';
import { type EitherRef, type UnionRef } from './union-types';

/** A class that can be constructed, the way decorators see it. */
export type Class<T = unknown> = abstract new (...args: any[]) => T;

/** Marks an integer where TypeScript only knows `number`: `@Field(Int) a!: number`. */
export const Int: unique symbol = Symbol.for('portico.int');
/** A double precision number, the same as `Number`; it names the intent in `params` lists. */
export const Double = Number;

/**
 * How a user names a type in `@Field(...)` and `@RemoteMethod({ params, returns })`: `Int`,
 * `Number`, `String`, `Boolean`, `Date`, a decorated class, `OneOf(Enum)` or `OneOf(['a', 'b'])`,
 * or a one-element array `[T]`.
 */
export type TypeSpec =
  | typeof Int
  | NumberConstructor
  | StringConstructor
  | BooleanConstructor
  | DateConstructor
  | Class
  | OneOfSpec
  | readonly [TypeSpec];

/**
 * Limits on a field's values, with JSON Schema's names and meaning. Number limits apply to `Int`
 * and `Number` values, length and pattern to strings, item counts to arrays; on an array field,
 * the number and string limits apply to each item.
 */
export interface Constraints {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  /** Least number of characters (Unicode code points, as JSON Schema counts them). */
  readonly minLength?: number;
  readonly maxLength?: number;
  /**
   * A regular expression the string must contain a match of (anchor it with `^…$` for the whole
   * string). It runs on RE2's linear-time engine, so a client's text cannot make it backtrack.
   */
  readonly pattern?: string;
  /** A string format the runtime enforces, as JSON Schema names it: `email`, `uuid`, `date`, … */
  readonly format?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** Limits a value must keep, as `@Field` options declare them; `test` is the compiled `pattern`. */
export interface ValueRules extends Constraints {
  readonly test?: (text: string) => boolean;
}

/** The normalised form of a {@link TypeSpec} that serializers work with. */
export type TypeRef =
  | { readonly kind: 'int'; readonly rules?: ValueRules }
  | { readonly kind: 'number'; readonly rules?: ValueRules }
  | { readonly kind: 'string'; readonly rules?: ValueRules }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'date' }
  | {
      readonly kind: 'enum';
      /** Booleans come from a contract only (`done?: true`, `false | 'pending'`). */
      readonly values: readonly SetValue[];
      /** The enum's or alias's name, for messages (`Currency`); from a contract only. */
      readonly name?: string;
      /** Limits on its values: string ones on its strings, number ones on its numbers. */
      readonly rules?: ValueRules;
    }
  | { readonly kind: 'class'; readonly ctor: Class }
  | {
      readonly kind: 'array';
      readonly items: TypeRef;
      readonly rules?: ValueRules;
      /** The alias's name, for messages (`type Addresses = Address[]`); from a contract only. */
      readonly name?: string;
    }
  | UnionRef
  | EitherRef
  | RecordType
  | TupleType
  | {
      readonly kind: 'nullable';
      readonly of: TypeRef;
      /** The alias's name, for messages (`type MaybeAddress = Address | null`). */
      readonly name?: string;
    }
  | { readonly kind: 'unknown' };

/** A value of a set: an enum's, or a literal's, which may be `true` or `false`. */
export type SetValue = EnumValue | boolean;

/** A payload class as a {@link TypeRef}. */
export type ClassRef = Extract<TypeRef, { kind: 'class' }>;

/** An object of any string keys, each value of `values` (`Record<string, V>`, an index signature). */
export interface RecordType {
  readonly kind: 'record';
  readonly values: TypeRef;
  readonly rules?: ValueRules;
  readonly name?: string;
}

/** A tuple: an item per position, the first `minItems` required, then any number of `rest`. */
export interface TupleType {
  readonly kind: 'tuple';
  readonly items: readonly TypeRef[];
  readonly minItems: number;
  readonly rest?: TypeRef;
  readonly name?: string;
}

/** The declared type of a tuple's item at `index`, or `undefined` past its last. */
export function tupleItem(type: TupleType, index: number): TypeRef | undefined {
  return index < type.items.length ? type.items[index] : type.rest;
}

const SCALARS = {
  int: { kind: 'int' },
  number: { kind: 'number' },
  string: { kind: 'string' },
  boolean: { kind: 'boolean' },
  date: { kind: 'date' },
  unknown: { kind: 'unknown' },
} as const satisfies Record<string, TypeRef>;

/** The type that a method result with no usable declaration has: decided by the value. */
export const UNKNOWN_TYPE: TypeRef = SCALARS.unknown;

/**
 * Turns a user's type spec, or a `design:type` constructor, into a {@link TypeRef}.
 * Returns `undefined` where the constructor says nothing usable (`Object`, `Array`, `Promise`).
 */
export function toTypeRef(spec: unknown): TypeRef | undefined {
  if (spec === Int) return SCALARS.int;
  if (spec === Number) return SCALARS.number;
  if (spec === String) return SCALARS.string;
  if (spec === Boolean) return SCALARS.boolean;
  if (spec === Date) return SCALARS.date;
  if (isOneOfSpec(spec)) return { kind: 'enum', values: spec[ONE_OF] };
  if (Array.isArray(spec)) {
    const items = spec.length === 1 ? toTypeRef(spec[0]) : undefined;
    return items && { kind: 'array', items };
  }
  if (typeof spec !== 'function' || spec === Object || spec === Array || spec === Promise) {
    return undefined;
  }
  if (spec === Function || spec === Symbol || spec === BigInt) return undefined;
  return { kind: 'class', ctor: spec as Class };
}

/** A short readable name of a type, for error messages: `int`, `MulInput`, `string[]`. */
export function describeType(type: TypeRef): string {
  switch (type.kind) {
    case 'class':
      return findClassMeta(type.ctor)?.shown ?? type.ctor.name;
    case 'array':
      return type.name ?? `${describeType(type.items)}[]`;
    case 'enum':
      return type.name ?? type.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'union':
      return (
        type.name ?? [...new Set([...type.members.values()].map((m) => m.ctor.name))].join(' | ')
      );
    case 'either':
      return `${describeType(type.scalar)} | ${describeType(type.object)}`;
    case 'record':
      return type.name ?? `Record<string, ${describeType(type.values)}>`;
    case 'tuple': {
      if (type.name) return type.name;
      const items = type.items.map((t, i) => `${describeType(t)}${i < type.minItems ? '' : '?'}`);
      return `[${[...items, ...(type.rest ? [`...${describeType(type.rest)}[]`] : [])].join(', ')}]`;
    }
    case 'nullable':
      return type.name ?? `${describeType(type.of)} | null`;
    default:
      return type.kind;
  }
}
