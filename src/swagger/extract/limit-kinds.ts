import type * as Re2js from 're2js';
import { constraintsWhere } from '../../decorators/constraint-table';
import { setLimitsProblem } from '../../decorators/set-limits';
import { type ValueRules } from '../../decorators/types';
import { isPeerInstalled } from '../../peers';
import { type SchemaConstraints, type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { placeConstraints } from './field-agreement';
import { locationOf } from './source-text';

/**
 * Limits the runtime enforces, placed as the document gives them, and refused here where the
 * runtime would refuse them when the server starts (docs/api-description.md): a number limit on
 * a string, a string limit on a number or a `Date`, an item count on what is no array, and limits
 * beside a set of literals that have no value of their type there or keep none.
 */

const NUMBER_KEYS: readonly string[] = constraintsWhere('on', 'number');
const STRING_KEYS: readonly string[] = constraintsWhere('on', 'string');
const ARRAY_KEYS: readonly string[] = constraintsWhere('on', 'array');
const REFUSED = '; the server would refuse to start: fix the limit or the type';

/** The pattern's test on RE2, as the runtime runs it; none where re2js is not installed. */
function patternTest(pattern: string | undefined): ValueRules['test'] {
  if (pattern === undefined || !isPeerInstalled('re2js')) return undefined;
  try {
    const { RE2JS } = require('re2js') as typeof Re2js;
    const compiled = RE2JS.compile(pattern);
    return (text) => compiled.test(text);
  } catch {
    return undefined;
  }
}

/** The named schema that `schema` refers to, as far as it is built; records give their values. */
function resolved(converter: Converter, schema: SchemaModel): SchemaModel | undefined {
  if (schema.kind === 'ref') return converter.registry.named.get(schema.name);
  return schema;
}

function keysText(keys: readonly string[], limits: SchemaConstraints): string {
  return keys.map((k) => `${k} ${String(limits[k as keyof SchemaConstraints])}`).join(', ');
}

/** A finding about limits: an error where the server would refuse them, else a warning. */
interface Finding {
  readonly why: string;
  readonly severity: 'error' | 'warning';
  /** For limits that apply to no value: the type they are written on. */
  readonly on?: string;
}

/** Limits that apply to no value of an object type: JSON Schema and the server both ignore them. */
function ignored(limits: SchemaConstraints, what: string): Finding {
  return {
    severity: 'warning',
    on: what,
    why: `${keysText(Object.keys(limits), limits)} applies to no value of ${what}, so neither the document nor the server checks it: put it on the member it is meant for, or leave it out`,
  };
}

/** What the runtime would do wrong with `limits` on values of `schema`, or `undefined`. */
function refusal(
  converter: Converter,
  given: SchemaModel,
  limits: SchemaConstraints,
): Finding | string | undefined {
  const keys = Object.keys(limits);
  const schema = resolved(converter, given);
  if (!schema) return undefined;
  if (schema.kind === 'object' && schema.additional && schema.properties.length === 0) {
    return refusal(converter, schema.additional, limits);
  }
  const counts = keys.filter((k) => ARRAY_KEYS.includes(k));
  if (schema.kind === 'array') {
    const inner = Object.fromEntries(Object.entries(limits).filter(([k]) => !counts.includes(k)));
    return Object.keys(inner).length > 0 ? refusal(converter, schema.items, inner) : undefined;
  }
  if (schema.kind === 'tuple') {
    // Its own item count: the runtime binds a tuple by its items (a longer one is refused there).
    if (limits.maxItems !== undefined) {
      const why = `maxItems ${limits.maxItems} cannot apply to a tuple, whose items its type gives, and the server takes as many as it has: write the tuple with the items it takes`;
      return { severity: 'error', why };
    }
    const inner = Object.fromEntries(Object.entries(limits).filter(([k]) => !counts.includes(k)));
    return Object.keys(inner).length > 0 ? ignored(inner, 'a tuple (an array)') : undefined;
  }
  const isSet = schema.kind === 'union' && schema.members.every(isEnum);
  if (schema.kind === 'union' && !isSet) {
    // `string | Address`: the limits are the primitive's, as JSON Schema and the runtime apply them.
    const scalar = schema.members.find((m) => m.kind === 'primitive' || m.kind === 'enum');
    return scalar ? refusal(converter, scalar, limits) : ignored(limits, objectsText(given));
  }
  if (schema.kind === 'object' || schema.kind === 'intersection') {
    return ignored(limits, objectsText(given));
  }
  if (schema.kind !== 'primitive' && schema.kind !== 'enum' && !isSet) return undefined;
  if (counts.length > 0) {
    return `${keysText(counts, limits)} cannot apply to a value that is no array`;
  }
  const named = given.kind === 'ref' ? given.name : undefined;
  if (schema.kind !== 'primitive') {
    const values = schema.kind === 'enum' ? schema.values : schema.members.flatMap(valuesOf);
    const shown = named ?? values.map((v) => JSON.stringify(v)).join(' | ');
    const test = patternTest(limits.pattern);
    return setLimitsProblem(values, test ? { ...limits, test } : limits, shown);
  }
  const numbers = keys.filter((k) => NUMBER_KEYS.includes(k));
  const strings = keys.filter((k) => STRING_KEYS.includes(k));
  const isNumber = schema.type === 'number' || schema.type === 'integer';
  const isString = schema.type === 'string' && !schema.instant;
  const type = schema.instant ? 'a Date' : `a ${schema.type}`;
  if (numbers.length > 0 && !isNumber)
    return `${keysText(numbers, limits)} cannot apply to ${type}`;
  if (strings.length > 0 && !isString)
    return `${keysText(strings, limits)} cannot apply to ${type}`;
  return undefined;
}

const objectsText = (given: SchemaModel): string =>
  given.kind === 'ref' ? `${given.name}, an object type` : 'an object type';
const isEnum = (schema: SchemaModel): boolean => schema.kind === 'enum';
const valuesOf = (schema: SchemaModel) => (schema.kind === 'enum' ? schema.values : []);

function findingOf(
  found: Finding | string,
  declared: readonly string[],
  limits: SchemaConstraints,
): Finding {
  if (typeof found === 'string') return { why: `${found}${REFUSED}`, severity: 'error' };
  if (found.on === undefined || declared.length === 0) return found;
  const why = `${keysText(declared, limits)} of @Field cannot apply to ${found.on}, and where its type is a class the server refuses to start: put it on the member it is meant for, or leave it out`;
  return { why, severity: 'error' };
}

/**
 * `schema` with the `limits` the runtime enforces placed on it, an error at the site where the
 * runtime would refuse them when the server starts, saying what to fix, and a warning where they
 * apply to no value (an object type).
 */
export function placeEnforced(
  converter: Converter,
  site: Site,
  given: { schema: SchemaModel; limits: SchemaConstraints; declared?: SchemaConstraints },
): SchemaModel {
  const { schema, limits } = given;
  const found = Object.keys(limits).length > 0 ? refusal(converter, schema, limits) : undefined;
  if (found !== undefined) {
    // The decorator refuses its own options on a class's type, as the class loads.
    const declared = Object.keys(given.declared ?? {}).filter((k) => k in limits);
    const { why, severity } = findingOf(found, declared, limits);
    converter.report({
      severity,
      message: `${site.label}: ${why}`,
      location: locationOf(site.node),
    });
  }
  return placeConstraints(schema, limits);
}
