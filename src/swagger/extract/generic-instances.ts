import { ts } from 'ts-morph';
import { toSchemaName } from '../schema-model';
import { argumentName } from './argument-names';
import { type Converter, projectSymbolOf } from './converter';
import { fragmentOf, type NamedInfo } from './type-names';
import {
  bindArguments,
  resolveWritten,
  symbolOf,
  type TypeArguments,
  taggedAliasOf,
  taggedShapeOf,
  type Written,
} from './written-arguments';

/** One registry key per instantiation and placement of tagged aliases in its arguments. */
const keys = new WeakMap<ts.Type, Map<string, object>>();

function keyOf(type: ts.Type, shape: string): object {
  const byShape = keys.get(type) ?? new Map<string, object>();
  keys.set(type, byShape);
  const key = byShape.get(shape) ?? {};
  byShape.set(shape, key);
  return key;
}

/** The {@link taggedShapeOf} of each argument of an instantiation as written, in one text. */
export function argumentsShapeOf(checker: ts.TypeChecker, written: readonly Written[]): string {
  return written.map((w) => taggedShapeOf(checker, w) ?? '').join('|');
}

/** A readable piece of a schema name for a written type argument: `Day`, `Box_Day`, `Array_Day`. */
function writtenName(converter: Converter, written: Written): string {
  const { checker } = converter;
  const { node, args } = resolveWritten(checker, written);
  const inner = (n: ts.TypeNode) => writtenName(converter, { node: n, args });
  if (ts.isArrayTypeNode(node)) return `Array_${inner(node.elementType)}`;
  if (ts.isUnionTypeNode(node)) return node.types.map(inner).join('_Or_');
  if (ts.isTypeReferenceNode(node) && (taggedAliasOf(checker, node) || node.typeArguments)) {
    const symbol = symbolOf(checker, node.typeName);
    const last = ts.isIdentifier(node.typeName) ? node.typeName : node.typeName.right;
    const name = symbol ? argumentName(converter, symbol) : last.text;
    return [name, ...(node.typeArguments ?? []).map(inner)].join('_');
  }
  return fragmentOf(converter, checker.getTypeFromTypeNode(node));
}

/**
 * A generic instantiation written with arguments that name tagged aliases (`Page<Day>`): a schema
 * of its own, named after the written arguments (`Page_Day` beside `Page_String`), whose members
 * written with a type parameter carry the tags; and the arguments in force in those members.
 */
export function instanceOf(
  converter: Converter,
  { named, type, written }: { named: NamedInfo; type: ts.Type; written: readonly Written[] },
): { info: NamedInfo; args: TypeArguments } {
  const { checker } = converter;
  const symbol = (type.aliasSymbol ?? type.getSymbol()) as ts.Symbol;
  const shape = argumentsShapeOf(checker, written);
  const name = toSchemaName(
    [symbol.name, ...written.map((w) => writtenName(converter, w))].join('_'),
  );
  return {
    info: { ...named, type: { ...named.type, key: keyOf(type, shape), name }, label: name },
    args: bindArguments(checker, symbol, written),
  };
}

/**
 * Whether a reference names a generic alias of the project that TypeScript keeps on its type and
 * whose schema is built from types, not from members written with its parameters (`type Maybe<T>
 * = T | null`, `T[]`, `Record<string, T>`): no schema of it can carry its arguments' tags.
 */
export function isAliasOfTypes(converter: Converter, node: ts.TypeReferenceNode): boolean {
  const { checker } = converter;
  const symbol = projectSymbolOf(converter, node.typeName);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (!symbol || !alias) return false;
  if (checker.getTypeFromTypeNode(node).aliasSymbol !== symbol) return false;
  let declared = alias.type;
  while (ts.isParenthesizedTypeNode(declared)) declared = declared.type;
  if (ts.isTypeReferenceNode(declared)) {
    return projectSymbolOf(converter, declared.typeName) === undefined;
  }
  return !(
    ts.isTypeLiteralNode(declared) ||
    ts.isIntersectionTypeNode(declared) ||
    ts.isTupleTypeNode(declared)
  );
}
