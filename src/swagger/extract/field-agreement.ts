import { ts } from 'ts-morph';
import { constraintsWhere } from '../../decorators/constraint-table';
import { type SchemaConstraints, type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { literalSetOf, oneOfArgument, oneOfValues } from './field-facts';
import { type Literal } from './literal-schema';
import { locationOf } from './source-text';

/** A TypeScript type used at a site, with the type spec that the runtime reads for it, if any. */
export interface SpecUse {
  readonly type: ts.Type;
  /** A `@Field` type, or a `params` or `returns` entry. */
  readonly spec: ts.Expression | undefined;
  readonly site: Site;
}

/** What the generator compares for one `@Field` property: its TypeScript type and its decorator. */
export interface FieldAgreement extends SpecUse {
  readonly nullable: boolean;
  /** A bare `@Field()` already reported as one the runtime cannot type. */
  readonly untyped?: boolean;
}

/** The limits stated on one `@Field` property: by its JSDoc tags, and by its decorator. */
export interface StatedLimits {
  readonly tags: SchemaConstraints;
  readonly field: SchemaConstraints;
}

function shown(values: readonly Literal[]): string {
  return values.map((v) => JSON.stringify(v)).join(' | ');
}

function sameSet(a: readonly Literal[], b: readonly Literal[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/**
 * Proves that a `@Field` states what the property's TypeScript type says, where the runtime
 * learns it only from the decorator: the literal set of an enum or union, and `null`. Each
 * disagreement is a warning with file:line (an error under `--strict`) that says what the
 * runtime will do instead.
 */
export function checkFieldAgreement(converter: Converter, field: FieldAgreement): void {
  checkLiteralAgreement(converter, field);
  const typeHasNull =
    field.type.isUnion() && field.type.types.some((t) => t.flags & ts.TypeFlags.Null);
  if (typeHasNull && !field.nullable && !converter.typesAreContract && !field.untyped) {
    warnAt(
      converter,
      field.site,
      'its type allows null, but @Field does not say nullable: true, so null is refused: add it, or build with --contract',
    );
  } else if (!typeHasNull && field.nullable) {
    warnAt(converter, field.site, '@Field says nullable: true, but its type does not include null');
  }
}

/** Warns for `@Field` options whose values only the running code knows: the document omits them. */
export function warnUnreadable(converter: Converter, keys: readonly string[], site: Site): void {
  for (const key of keys) {
    warnAt(
      converter,
      site,
      `the value of @Field option ${key} is not a literal or a constant, so the runtime enforces what the document cannot state; write it as a literal`,
    );
  }
}

function warnAt(converter: Converter, site: Site, message: string): void {
  converter.report({
    // With a contract the runtime follows the type, so a decorator that says otherwise is an error.
    severity: converter.typesAreContract ? 'error' : 'warning',
    message: `${site.label}: ${message}`,
    location: locationOf(site.node),
  });
}

/** The fix for a literal set the runtime is not told: `OneOf` takes strings and numbers only. */
function setFix(literals: readonly Literal[]): string {
  if (!literals.some((v) => typeof v === 'boolean')) {
    return 'give the type as OneOf(…), or build with --contract';
  }
  return literals.every((v) => typeof v === 'boolean')
    ? 'build with --contract, or write boolean'
    : 'build with --contract (OneOf(…) takes no booleans)';
}

/**
 * Warns where a type is a literal set (an enum, `'a' | 'b'`) that the type spec the runtime
 * reads (a `@Field` type, a `params` or `returns` entry) does not state, or states otherwise.
 */
export function checkLiteralAgreement(converter: Converter, { type, spec, site }: SpecUse): void {
  const { checker } = converter;
  const literals = literalSetOf(type, checker);
  const argument = oneOfArgument(spec, converter);
  const listed = argument && oneOfValues(argument, checker);
  if (literals && !argument && !converter.typesAreContract) {
    warnAt(
      converter,
      site,
      `its type allows only ${shown(literals)}, but the runtime is not told so and accepts any value of the wire type: ${setFix(literals)}`,
    );
  } else if (literals && listed && !sameSet(literals, listed)) {
    warnAt(converter, site, `OneOf lists ${shown(listed)} but its type allows ${shown(literals)}`);
  }
}

/**
 * Warns for each constraint that a JSDoc tag states on a `@Field` property but the decorator does
 * not: the runtime reads limits from the decorator only, so the tag would describe a limit that
 * is not enforced. It is left out of the document.
 */
export function checkTagsEnforced(converter: Converter, limits: StatedLimits, site: Site): void {
  for (const [key, value] of Object.entries(limits.tags)) {
    const stated = limits.field[key as keyof SchemaConstraints];
    if (stated === value) continue;
    if (converter.typesAreContract && stated === undefined) continue;
    converter.report({
      severity: 'warning',
      message: `${site.label}: @${key} ${String(value)} is not enforced, as the runtime reads limits from @Field options; write @Field(…, { ${key}: ${JSON.stringify(value)} }). It is left out of the document`,
      location: locationOf(site.node),
    });
  }
}

const ARRAY_KEYS: ReadonlySet<string> = new Set(constraintsWhere('on', 'array'));

/**
 * `schema` with `constraints` where JSON Schema applies them and the runtime checks them: item
 * counts on an array, the others on its innermost items.
 */
export function placeConstraints(schema: SchemaModel, constraints: SchemaConstraints): SchemaModel {
  const entries = Object.entries(constraints);
  if (entries.length === 0) return schema;
  // A record's limits are its values', as the runtime checks them (JSON Schema has no other place).
  if (schema.kind === 'object' && schema.additional && schema.properties.length === 0) {
    return { ...schema, additional: placeConstraints(schema.additional, constraints) };
  }
  const own = Object.fromEntries(entries.filter(([k]) => ARRAY_KEYS.has(k)));
  const inner = Object.fromEntries(entries.filter(([k]) => !ARRAY_KEYS.has(k)));
  if (schema.kind !== 'array') return { ...schema, ...inner, ...own };
  return { ...schema, ...own, items: placeConstraints(schema.items, inner) };
}
