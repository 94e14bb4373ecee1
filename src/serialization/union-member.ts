import { type ClassRef, type TypeRef } from '../decorators/types';
import { isObjectValue, type UnionRef } from '../decorators/union-types';
import { describeValue, joinPath } from './binding';
import { isNumberText } from './number-text';
import { BindError } from './sequence';
import { booleanOfText } from './value-rules';
import { trimXmlSpace } from './xml-text';

/** The values of a union's discriminator, for messages: `"circle", "square"`, or `true, false`. */
function allowed(type: UnionRef): string {
  const keys = [...type.members.keys()];
  return (type.tagType ? keys : keys.map((v) => JSON.stringify(v))).join(', ');
}

/**
 * How a sequence gives a discriminator's value: as its JSON value, also as text (libA JSON quotes
 * numbers and booleans), or as XML text, which is trimmed and takes a boolean as `1` or `0`.
 */
export type TagSource = 'json' | 'text' | 'xml';

/** The text that a discriminator's value is known by in `members`, or `undefined`. */
function keyOf(type: UnionRef, tag: unknown, source: TagSource): string | undefined {
  const { tagType } = type;
  if (typeof tag === (tagType ?? 'string')) return String(tag);
  if (tagType === undefined || typeof tag !== 'string' || source === 'json') return undefined;
  const text = source === 'xml' ? trimXmlSpace(tag) : tag;
  if (tagType === 'number') return isNumberText(text) ? String(Number(text)) : undefined;
  const truth = booleanOfText(text, source === 'xml');
  return truth === undefined ? undefined : String(truth);
}

/**
 * The member of a discriminated union that `tag`, the value of its discriminator at `path`, names;
 * a 400 naming the field and the values it takes where it is missing or names no member. One
 * lookup: a union costs what its member costs, however deep unions nest.
 */
export function memberOf(
  type: UnionRef,
  tag: unknown,
  path: string,
  source: TagSource = 'json',
): ClassRef {
  const key = keyOf(type, tag, source);
  const found = key === undefined ? undefined : type.members.get(key);
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
  const key = keyOf(type, (value as Record<string, unknown>)[type.discriminator], 'json');
  return key === undefined ? undefined : type.members.get(key);
}
