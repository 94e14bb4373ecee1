import { ts } from 'ts-morph';
import { type PrimitiveType, type SchemaModel } from '../schema-model';
import { type Converter } from './converter';

/** A value that a literal type stands for. */
export type Literal = string | number | boolean;

/** The value of a literal type (`'a'`, `1`, `true`), or `undefined` for any other type. */
export function literalOf(type: ts.Type, checker: ts.TypeChecker): Literal | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type) === 'true';
  return undefined;
}

function primitiveTypeOf(value: Literal): PrimitiveType {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'string' ? 'string' : 'boolean';
}

/** Literals of one JSON type as one enum; `integer` and `number` literals join as `number`. */
export function enumOf(values: readonly Literal[]): SchemaModel {
  const types = new Set(values.map(primitiveTypeOf));
  const type = types.size === 1 ? [...types][0]! : 'number';
  return { kind: 'enum', type, values };
}

function compareLiterals(a: Literal, b: Literal): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/**
 * Groups literal values by JSON type: `'a' | 'b' | 1` → two enums. The compiler orders a union's
 * members by when it met them, so the values are sorted for output that does not drift.
 */
export function literalEnums(values: readonly Literal[]): SchemaModel[] {
  const groups = new Map<string, Literal[]>();
  for (const value of [...values].sort(compareLiterals)) {
    const key = typeof value;
    groups.set(key, [...(groups.get(key) ?? []), value]);
  }
  return [...groups.values()].map(enumOf);
}

/** An enum member's name as code names it: `'in-stock'` is `in-stock`. */
function nameOf(member: ts.EnumMember): string {
  return ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)
    ? member.name.text
    : member.name.getText();
}

/** An enum's values in the order its declaration lists them, with its members' names. */
export function enumDeclarationSchema(converter: Converter, type: ts.UnionType): SchemaModel {
  const declarations = (type.getSymbol()?.declarations ?? []).filter(ts.isEnumDeclaration);
  const seen = new Set<string | number>();
  // A member that repeats a value is an alias: an enum lists each value once (JSON Schema's
  // enum items are unique), under the first member's name.
  const members = declarations
    .flatMap((d) => d.members.map((m) => [nameOf(m), converter.checker.getConstantValue(m)]))
    .filter((m): m is [string, string | number] => m[1] !== undefined)
    .filter(([, value]) => !seen.has(value) && seen.add(value));
  if (members.length === 0)
    return literalEnums(type.types.map((t) => literalOf(t, converter.checker)!))[0]!;
  const groups = [
    members.filter(([, v]) => typeof v === 'string'),
    members.filter(([, v]) => typeof v === 'number'),
  ].filter((g) => g.length > 0);
  // The member names travel as x-enum-varnames, which code generators name the constants by.
  const enums = groups.map((g) => ({ ...enumOf(g.map(([, v]) => v)), names: g.map(([n]) => n) }));
  return enums.length === 1 ? enums[0]! : { kind: 'union', members: enums };
}
