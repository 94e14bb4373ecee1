import { ts } from 'ts-morph';
import { CONSTRAINT_NAMES } from '../../decorators/constraint-table';
import { type SchemaConstraints } from '../schema-model';
import { type Literal, literalOf } from './literal-schema';
import { type Checked, porticoExportOf, resolveSymbol } from './portico-symbols';
import { propertyOf, staticStringOf } from './source-text';

/** A number written in source: a literal, a negated literal, or a constant of a literal type. */
function staticNumberOf(node: ts.Expression, checker: ts.TypeChecker): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = staticNumberOf(node.operand, checker);
    return inner === undefined ? undefined : -inner;
  }
  const type = checker.getTypeAtLocation(node);
  return type.isNumberLiteral() ? type.value : undefined;
}

/**
 * The constraints written in a `@Field` options object, as the runtime will enforce them, and the
 * option names whose values are not written so that the generator can read them.
 */
export function constraintsOfOptions(
  options: ts.Expression | undefined,
  checker: ts.TypeChecker,
): { constraints: SchemaConstraints; unreadable: string[] } {
  const found: Record<string, number | string> = {};
  const unreadable: string[] = [];
  for (const key of CONSTRAINT_NAMES) {
    const node = propertyOf(options, key);
    if (!node) continue;
    const value =
      key === 'pattern' || key === 'format'
        ? staticStringOf(node, checker)
        : staticNumberOf(node, checker);
    if (value === undefined) unreadable.push(key);
    else found[key] = value;
  }
  const nullable = propertyOf(options, 'nullable');
  if (nullable && !isBooleanKeyword(nullable)) unreadable.push('nullable');
  return { constraints: found, unreadable };
}

function isBooleanKeyword(node: ts.Node): boolean {
  return node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;
}

/** True when `options` says `nullable: true`. */
export function nullableByOptions(options: ts.Expression | undefined): boolean {
  return propertyOf(options, 'nullable')?.kind === ts.SyntaxKind.TrueKeyword;
}

/** The argument of a `OneOf(...)` call of this package, or `undefined` for another expression. */
export function oneOfArgument(spec: ts.Expression | undefined, checked: Checked) {
  if (!spec || !ts.isCallExpression(spec)) return undefined;
  if (porticoExportOf(spec.expression, checked) !== 'OneOf') return undefined;
  return spec.arguments[0];
}

/** The enum declaration an expression names, if it names one. */
export function enumSymbolOf(node: ts.Expression, checker: ts.TypeChecker): ts.Symbol | undefined {
  const symbol = resolveSymbol(node, checker);
  return symbol && symbol.flags & ts.SymbolFlags.Enum ? symbol : undefined;
}

/** The values `OneOf(argument)` stands for: an enum's members, or a constant list of literals. */
export function oneOfValues(
  argument: ts.Expression,
  checker: ts.TypeChecker,
): Literal[] | undefined {
  const symbol = enumSymbolOf(argument, checker);
  if (symbol) {
    const members = (symbol.declarations ?? [])
      .filter(ts.isEnumDeclaration)
      .flatMap((d) => d.members);
    return members.map((m) => checker.getConstantValue(m)).filter((v) => v !== undefined);
  }
  const type = checker.getTypeAtLocation(argument);
  if (!checker.isTupleType(type)) return undefined;
  const values = checker
    .getTypeArguments(type as ts.TypeReference)
    .map((t) => literalOf(t, checker));
  return values.every((v) => v !== undefined) ? values : undefined;
}

/**
 * The literal values a property's type allows (`'EUR' | 'USD'`, an enum), `null` and
 * `undefined` aside; `undefined` where the type is not such a set (`boolean` is not).
 */
export function literalSetOf(type: ts.Type, checker: ts.TypeChecker): Literal[] | undefined {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
  );
  const values = members.map((t) => literalOf(t, checker));
  if (values.length === 0 || values.some((v) => v === undefined)) return undefined;
  // `true | false` is `boolean`; `true` alone is a set.
  if (values.includes(true) && values.includes(false) && values.length === 2) return undefined;
  return values as Literal[];
}
