import { constraintsWhere, firstBroken } from '../decorators/constraint-table';
import { isStringFormat, STRING_FORMATS } from '../decorators/string-formats';
import { type SetValue, type TypeRef, type ValueRules } from '../decorators/types';
import { isNumberText } from './number-text';
import { BindError } from './sequence';

/** Characters of a string as JSON Schema counts them: Unicode code points. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

type EnumType = Extract<TypeRef, { kind: 'enum' }>;

function refuse(path: string, message: string): never {
  throw new BindError(message, path);
}

const NUMBER_LIMITS = constraintsWhere('on', 'number');
const LENGTH_LIMITS = constraintsWhere('on', 'string').filter(
  (n) => n !== 'pattern' && n !== 'format',
);
const ITEM_LIMITS = constraintsWhere('on', 'array');

/** Refuses a number outside the declared bounds. */
export function checkNumber(value: number, rules: ValueRules, path: string): number {
  const broken = firstBroken(value, rules, NUMBER_LIMITS);
  if (broken !== undefined) refuse(path, broken);
  return value;
}

/**
 * Refuses a string outside the declared length or without a match of the pattern. The length is
 * checked first, and the pattern runs on a linear-time engine, so no text costs more than its size.
 */
export function checkString(value: string, rules: ValueRules, path: string): string {
  const { minLength, maxLength, test, pattern, format } = rules;
  if (minLength !== undefined || maxLength !== undefined) {
    const broken = firstBroken(codePoints(value), rules, LENGTH_LIMITS);
    if (broken !== undefined) refuse(path, broken);
  }
  if (test && !test(value)) refuse(path, `does not match the pattern ${pattern ?? ''}`);
  if (isStringFormat(format) && !STRING_FORMATS[format].test(value)) {
    refuse(
      path,
      `expected ${STRING_FORMATS[format].noun}, got ${JSON.stringify(value.slice(0, 40))}`,
    );
  }
  return value;
}

/** Refuses an array with fewer or more items than declared. */
export function checkItems(length: number, rules: ValueRules, path: string): void {
  const broken = firstBroken(length, rules, ITEM_LIMITS);
  if (broken !== undefined) refuse(path, broken);
}

/** The declared value that `value` is, or a refusal listing the declared ones. */
export function enumMember(
  value: unknown,
  type: Extract<TypeRef, { kind: 'enum' }>,
  path: string,
): SetValue {
  const scalar = typeof value === 'string' || typeof value === 'number';
  if ((scalar || typeof value === 'boolean') && type.values.includes(value)) {
    return kept(value, type, path);
  }
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describe(value);
  return refuse(path, `expected one of ${listValues(type)}, got ${shown}`);
}

/**
 * A member of a set with the limits stated beside it (`@pattern ^r` on a `Color`): those of its
 * JSON type, as the document's keywords apply (docs/api-description.md).
 */
function kept(value: SetValue, { rules }: EnumType, path: string): SetValue {
  if (!rules || typeof value === 'boolean') return value;
  return typeof value === 'string'
    ? checkString(value, rules, path)
    : checkNumber(value, rules, path);
}

/** The text of an enum's values for a message, shortened past ten. */
export function listValues(type: Extract<TypeRef, { kind: 'enum' }>): string {
  const shown = type.values.slice(0, 10).map((v) => JSON.stringify(v));
  return shown.join(', ') + (type.values.length > 10 ? ', …' : '');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : String(value);
}

/**
 * The enum value that a text stands for (XML, libA JSON): a string value as written, else a
 * number or boolean value written as text, `numberText` (XML gives it without its white space, as
 * it does for every number and boolean, and also writes a boolean as `1` or `0` where `xml`;
 * libA JSON gives the text as it is, as it does for every number).
 */
export function enumFromText(
  text: string,
  type: Extract<TypeRef, { kind: 'enum' }>,
  path: string,
  numberText = text,
  xml = false,
): SetValue {
  if (type.values.includes(text)) return kept(text, type, path);
  const number = isNumberText(numberText) ? Number(numberText) : Number.NaN;
  if (type.values.includes(number)) return kept(number, type, path);
  const truth = booleanOfText(numberText, xml);
  if (truth !== undefined && type.values.includes(truth)) return truth;
  return enumMember(text, type, path);
}

/** The boolean a text stands for: `true` or `false`, and in XML (xs:boolean) `1` or `0`. */
export function booleanOfText(text: string, xml: boolean): boolean | undefined {
  if (text === 'true' || (xml && text === '1')) return true;
  if (text === 'false' || (xml && text === '0')) return false;
  return undefined;
}
