import { constraintsWhere, firstBroken } from './constraint-table';
import { isStringFormat, STRING_FORMATS } from './string-formats';
import { type ValueRules } from './types';

/**
 * Limits beside a set of literals or an enum (`@pattern ^r` on `color: Color`): as JSON Schema
 * applies a keyword to the values of its type only, string limits hold for the set's strings and
 * number limits for its numbers (docs/api-description.md). Shared by the runtime, which checks
 * them, and by generate-swagger, which reports at build time what the runtime would refuse.
 */

const NUMBER_KEYS = constraintsWhere('on', 'number');
const STRING_KEYS = constraintsWhere('on', 'string');
const LENGTH_KEYS = STRING_KEYS.filter((n) => n !== 'pattern' && n !== 'format');

/** Whether `value` keeps the limits of its JSON type among `rules` (`test`: the compiled pattern). */
export function keepsLimits(value: string | number | boolean, rules: ValueRules): boolean {
  if (typeof value === 'number') return firstBroken(value, rules, NUMBER_KEYS) === undefined;
  if (typeof value !== 'string') return true;
  if (firstBroken([...value].length, rules, LENGTH_KEYS) !== undefined) return false;
  if (rules.test && !rules.test(value)) return false;
  return !isStringFormat(rules.format) || STRING_FORMATS[rules.format].test(value);
}

/**
 * What is wrong with `rules` beside a set of `values`, or `undefined`: a limit for a JSON type of
 * which the set has no value (`@minimum 1` on `'a' | 'b'`), or limits that none of its values of
 * that type keep (a set that would take none of them). `shown` names the set in the message.
 */
export function setLimitsProblem(
  values: readonly (string | number | boolean)[],
  rules: ValueRules,
  shown: string,
): string | undefined {
  for (const [on, keys] of [
    ['number', NUMBER_KEYS],
    ['string', STRING_KEYS],
  ] as const) {
    const stated = keys.filter((key) => rules[key] !== undefined);
    if (stated.length === 0) continue;
    const own = values.filter((v) => typeof v === on);
    const limits = stated.map((key) => `${key} ${String(rules[key])}`).join(', ');
    if (own.length === 0) return `${limits} cannot apply to ${shown}, which holds no ${on}`;
    if (!own.some((v) => keepsLimits(v, rules))) {
      const list = own.map((v) => JSON.stringify(v)).join(', ');
      return `${limits} keeps none of the ${on}s of ${shown} (${list}), so it would take none of them`;
    }
  }
  return undefined;
}
