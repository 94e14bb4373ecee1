import type * as Re2js from 're2js';
import { requirePeer } from '../peers';
import { constraintsWhere } from './constraint-table';
import { setLimitsProblem } from './set-limits';
import { isStringFormat, STRING_FORMATS } from './string-formats';
import { type Constraints, describeType, type TypeRef, type ValueRules } from './types';

export type { Constraints };

const NUMBER_KEYS = constraintsWhere('on', 'number');
const STRING_KEYS = constraintsWhere('on', 'string');
const ARRAY_KEYS = constraintsWhere('on', 'array');
const COUNT_KEYS = constraintsWhere('value', 'count');

function pick<K extends keyof Constraints>(from: Constraints, keys: readonly K[]) {
  const picked: Partial<Pick<Constraints, K>> = {};
  for (const key of keys) if (from[key] !== undefined) picked[key] = from[key];
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/**
 * Compiles a pattern for RE2, refusing at declaration time what RE2 cannot run. re2js, which runs
 * patterns in linear time, is an optional peer: without it a pattern is refused here, never left
 * unchecked.
 */
function compilePattern(pattern: string, where: string): (text: string) => boolean {
  const { RE2JS } = requirePeer<typeof Re2js>('re2js', where);
  try {
    const compiled = RE2JS.compile(pattern);
    return (text) => compiled.test(text);
  } catch (error) {
    throw new TypeError(`portico: ${where}: pattern ${JSON.stringify(pattern)} ${String(error)}`);
  }
}

function checkCounts(rules: Constraints, where: string): void {
  for (const key of COUNT_KEYS) {
    const value = rules[key];
    if (value !== undefined && !Number.isSafeInteger(value)) {
      throw new TypeError(`portico: ${where}: ${key} must be a whole number`);
    }
  }
}

/**
 * `type` with `constraints` attached where they apply: item counts on the array, the others on
 * its innermost items. A constraint that cannot apply to the type is refused at declaration time.
 */
export function withConstraints(type: TypeRef, constraints: Constraints, where: string): TypeRef {
  if (Object.keys(constraints).length === 0) return type;
  checkCounts(constraints, where);
  const arrays = pick(constraints, ARRAY_KEYS);
  const numbers = pick(constraints, NUMBER_KEYS);
  const strings = pick(constraints, STRING_KEYS);
  if (arrays && type.kind !== 'array') refuse(where, type, Object.keys(arrays));
  const scalar =
    numbers || strings ? constrainScalar(innermost(type), { numbers, strings }, where) : undefined;
  return rebuild(type, arrays, scalar);
}

function innermost(type: TypeRef): TypeRef {
  return type.kind === 'array' ? innermost(type.items) : type;
}

function rebuild(
  type: TypeRef,
  arrays: ValueRules | undefined,
  scalar: TypeRef | undefined,
): TypeRef {
  if (type.kind !== 'array') return scalar ?? type;
  const items = scalar ? rebuild(type.items, undefined, scalar) : type.items;
  return { kind: 'array', items, ...(arrays ? { rules: arrays } : {}) };
}

function checkFormat(rules: ValueRules | undefined, where: string): void {
  if (rules?.format !== undefined && !isStringFormat(rules.format)) {
    throw new TypeError(
      `portico: ${where}: format ${JSON.stringify(rules.format)} is not one the runtime enforces (${Object.keys(STRING_FORMATS).join(', ')})`,
    );
  }
}

function constrainScalar(
  type: TypeRef,
  { numbers, strings }: { numbers: ValueRules | undefined; strings: ValueRules | undefined },
  where: string,
): TypeRef {
  if (type.kind === 'enum') return constrainSet(type, { ...numbers, ...strings }, where);
  if (numbers && type.kind !== 'int' && type.kind !== 'number') {
    refuse(where, type, Object.keys(numbers));
  }
  if (strings && type.kind !== 'string') refuse(where, type, Object.keys(strings));
  checkFormat(strings, where);
  const rules: ValueRules = { ...numbers, ...strings };
  const test = strings?.pattern === undefined ? undefined : compilePattern(strings.pattern, where);
  return { ...(type as { kind: 'int' }), rules: test ? { ...rules, test } : rules };
}

/**
 * A set of literals or an enum with limits on its values of their JSON type (docs/api-description.md),
 * refused at declaration where a limit has no value to apply to or keeps none.
 */
function constrainSet(type: Extract<TypeRef, { kind: 'enum' }>, rules: ValueRules, where: string) {
  checkFormat(rules, where);
  const test = rules.pattern === undefined ? undefined : compilePattern(rules.pattern, where);
  const all = test ? { ...rules, test } : rules;
  const problem = setLimitsProblem(type.values, all, describeType(type));
  if (problem !== undefined) throw new TypeError(`portico: ${where}: ${problem}`);
  return { ...type, rules: all };
}

function refuse(where: string, type: TypeRef, keys: readonly string[]): never {
  throw new TypeError(
    `portico: ${where}: ${keys.join(', ')} cannot apply to a field of type ${describeType(type)}`,
  );
}
