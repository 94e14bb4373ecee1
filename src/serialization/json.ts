import { fieldsOf } from '../decorators/metadata';
import { type Class, type TypeRef, tupleItem } from '../decorators/types';
import { isObjectValue } from '../decorators/union-types';
import {
  type BindSite,
  beyondNumberRange,
  blankInstance,
  checkRequired,
  dateFromText,
  describeValue,
  innerSite,
  intFromText,
  joinPath,
  mismatch,
  nullField,
  numberFromText,
  readOnlyField,
  unknownField,
} from './binding';
import { checkJsonText } from './json-check';
import { writeJson } from './json-writer';
import { acceptedNames, libAName } from './lib-a-names';
import { isIntText, isNumberText } from './number-text';
import { BindError, type BindOptions, type SequenceSerializer } from './sequence';
import { checkTupleLength, isRecordSource, keySite, mapRecord } from './shapes';
import { memberOf, tagOf } from './union-member';
import { checkItems, checkNumber, checkString, enumFromText, enumMember } from './value-rules';

/**
 * Parses JSON text into plain values, with the depth limit, refusing a key given twice in one
 * object; `wrapped` for libA, whose root object only wraps the value.
 */
export function parseJson(text: string, options: BindOptions, wrapped = false): unknown {
  checkJsonText(text, { maxDepth: options.maxDepth, wrapped });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BindError(`not valid JSON: ${(error as Error).message}`, '', 'MALFORMED_BODY');
  }
}

interface JsonBindOptions extends BindOptions {
  /** libA JSON writers quote numbers by guesswork, so its readers take numeric strings. */
  readonly numericStrings: boolean;
}

/** Binds a parsed JSON value to a declared type, with its declared limits. */
export function bindJson(value: unknown, type: TypeRef, at: BindSite<JsonBindOptions>): unknown {
  const { path, options: o } = at;
  switch (type.kind) {
    case 'int': {
      const int = jsonInt(value, type, at);
      return type.rules ? checkNumber(int, type.rules, path) : int;
    }
    case 'number': {
      const number = jsonNumber(value, type, at);
      return type.rules ? checkNumber(number, type.rules, path) : number;
    }
    case 'string':
      if (typeof value !== 'string') return mismatch(path, type, describeValue(value));
      return type.rules ? checkString(value, type.rules, path) : value;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (o.numericStrings && (value === 'true' || value === 'false')) return value === 'true';
      return mismatch(path, type, describeValue(value));
    case 'date':
      return typeof value === 'string'
        ? dateFromText(value, path, type)
        : mismatch(path, type, describeValue(value));
    case 'enum':
      return o.numericStrings && typeof value === 'string'
        ? enumFromText(value, type, path)
        : enumMember(value, type, path);
    case 'array':
      if (!Array.isArray(value)) return mismatch(path, type, describeValue(value));
      if (type.rules) checkItems(value.length, type.rules, path);
      return value.map((item, i) => bindJson(item, type.items, innerSite(at, i)));
    case 'class':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return mismatch(path, type, describeValue(value));
      }
      return bindObject(value as Record<string, unknown>, type.ctor, at);
    case 'union': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return mismatch(path, type, describeValue(value));
      }
      const member = memberOf(type, tagOf(type, value), path);
      return bindObject(value as Record<string, unknown>, member.ctor, at);
    }
    case 'record':
      if (!isRecordSource(value)) return mismatch(path, type, describeValue(value));
      return mapRecord(value, (v, key) => bindJson(v, type.values, keySite(at, key)));
    case 'tuple':
      if (!Array.isArray(value)) return mismatch(path, type, describeValue(value));
      checkTupleLength(value.length, type, path);
      return value.map((item, i) => bindJson(item, tupleItem(type, i)!, innerSite(at, i)));
    case 'nullable':
      return value === null ? null : bindJson(value, type.of, at);
    case 'either':
      return bindJson(value, isObjectValue(value) ? type.object : type.scalar, at);
    case 'unknown':
      return value;
  }
}

function jsonInt(value: unknown, type: TypeRef, at: BindSite<JsonBindOptions>): number {
  const { path, options: o } = at;
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? value : mismatch(path, type, describeValue(value));
  }
  if (o.numericStrings && typeof value === 'string' && isIntText(value)) {
    return intFromText(value, path, type);
  }
  return mismatch(path, type, describeValue(value));
}

function jsonNumber(value: unknown, type: TypeRef, at: BindSite<JsonBindOptions>): number {
  const { path, options: o } = at;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : beyondNumberRange(value, path, type);
  }
  if (o.numericStrings && typeof value === 'string' && isNumberText(value)) {
    return numberFromText(value, path, type);
  }
  return mismatch(path, type, describeValue(value));
}

function bindObject(
  source: Record<string, unknown>,
  ctor: Class,
  at: BindSite<JsonBindOptions>,
): unknown {
  const { path, options: o } = at;
  const fields = fieldsOf(ctor);
  const target = blankInstance(ctor);
  for (const key of Object.keys(source)) {
    const field = fields.get(key);
    if (!field) {
      unknownField(key, path, o.ignoreUnknownFields);
      continue;
    }
    if (field.readOnly) readOnlyField(field, joinPath(path, key));
    const raw = source[key];
    target[key] =
      raw === null
        ? nullField(field, joinPath(path, key))
        : bindJson(raw, field.type, innerSite(at, key));
  }
  // Every declared key of the source was bound above: its own keys say which fields were given.
  checkRequired(fields, source, path);
  return target;
}

const withStrings = new WeakMap<BindOptions, JsonBindOptions>();
const withoutStrings = new WeakMap<BindOptions, JsonBindOptions>();

/** `options` with `numericStrings`, made once per options object instead of once per argument. */
function jsonOptions(options: BindOptions, numericStrings: boolean): JsonBindOptions {
  const cache = numericStrings ? withStrings : withoutStrings;
  let found = cache.get(options);
  if (!found) {
    found = { ...options, numericStrings };
    cache.set(options, found);
  }
  return found;
}

/** libB JSON: the plain value both ways. */
export const libBJsonSerializer: SequenceSerializer = {
  format: 'json',
  readArgument(text, type, options) {
    const at = { path: '', options: jsonOptions(options, false) };
    return bindJson(parseJson(text, options), type, at);
  },
  writeResult(value, type) {
    return writeJson(value, type);
  },
};

/** libA JSON: every value wrapped in its type's name, `{"mulInput":{"a":2,"b":3}}`. */
export const libAJsonSerializer: SequenceSerializer = {
  format: 'json',
  readArgument(text, type, options) {
    const parsed = parseJson(text, options, true);
    const accepted = acceptedNames(type);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BindError(`expected {"${accepted[0]}": …}, got ${describeValue(parsed)}`);
    }
    const keys = Object.keys(parsed);
    const key = keys[0];
    if (keys.length !== 1 || key === undefined || !accepted.includes(key)) {
      throw new BindError(
        `expected one wrapper named ${accepted.map((n) => `"${n}"`).join(' or ')}`,
      );
    }
    const inner = (parsed as Record<string, unknown>)[key];
    return bindJson(inner, type, { path: '', options: jsonOptions(options, true) });
  },
  writeResult(value, type) {
    return `{${JSON.stringify(libAName(value, type))}:${writeJson(value, type)}}`;
  },
};
