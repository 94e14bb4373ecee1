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
import { isIntText, isNumberText } from './number-text';
import { type BindOptions } from './sequence';
import { checkTupleLength, isRecordSource, keySite, mapRecord } from './shapes';
import { memberOf, tagOf } from './union-member';
import { checkItems, checkNumber, checkString, enumFromText, enumMember } from './value-rules';

/** The options of a JSON binding: those of every binding, and libA's numeric strings. */
export interface JsonBindOptions extends BindOptions {
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
      const member = memberOf(type, tagOf(type, value), path, o.numericStrings ? 'text' : 'json');
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
    if (Number.isSafeInteger(value)) return value;
    // JSON.parse rounds 2^53 + 1 to 2^53: an integer, but not the one sent.
    const beyond = Number.isInteger(value) ? ' (beyond the safe range)' : '';
    return mismatch(path, type, `${describeValue(value)}${beyond}`);
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
