import { type ClassRef, type TypeRef } from '../decorators/types';
import { isObjectValue, type UnionRef } from '../decorators/union-types';
import { describeValue, joinPath } from './binding';
import { BindError } from './sequence';

/** The values of a union's discriminator, for messages: `"circle", "square"`. */
function allowed(type: UnionRef): string {
  return [...type.members.keys()].map((v) => JSON.stringify(v)).join(', ');
}

/**
 * The member of a discriminated union that `tag`, the value of its discriminator at `path`, names;
 * a 400 naming the field and the values it takes where it is missing or names no member. One
 * lookup: a union costs what its member costs, however deep unions nest.
 */
export function memberOf(type: UnionRef, tag: unknown, path: string): ClassRef {
  const found = typeof tag === 'string' ? type.members.get(tag) : undefined;
  if (found) return found;
  const at = joinPath(path, type.discriminator);
  if (tag === undefined) {
    throw new BindError(
      `required field is missing: it tells the members apart, one of ${allowed(type)}`,
      at,
    );
  }
  throw new BindError(`expected one of ${allowed(type)}, got ${describeValue(tag)}`, at);
}

/** The discriminator's value in a plain object, where it is its own property. */
export function tagOf(type: UnionRef, value: object): unknown {
  return Object.hasOwn(value, type.discriminator)
    ? (value as Record<string, unknown>)[type.discriminator]
    : undefined;
}

/**
 * The type to write a result value by: a union's member named by the value (`undefined` where it
 * names none: the result check has refused such a value before it is written), an either's part
 * that fits the value's shape, any other as it is.
 */
export function writtenType(value: unknown, type: TypeRef | undefined): TypeRef | undefined {
  if (type?.kind === 'either')
    return isObjectValue(value) ? writtenType(value, type.object) : type.scalar;
  if (type?.kind !== 'union') return type;
  if (typeof value !== 'object' || value === null) return undefined;
  const tag = (value as Record<string, unknown>)[type.discriminator];
  return typeof tag === 'string' ? type.members.get(tag) : undefined;
}
