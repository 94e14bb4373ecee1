import { ts } from 'ts-morph';
import { tagsOf } from './source-text';

/** A type as written, with the type arguments in force where it is written. */
export interface Written {
  readonly node: ts.TypeNode;
  readonly args: TypeArguments;
}

/** The written argument of each type parameter in force: `T` is `Day` inside `Page<Day>`. */
export type TypeArguments = ReadonlyMap<ts.Symbol, Written>;

/** No type parameter bound: a type written outside a generic instantiation. */
export const NO_ARGUMENTS: TypeArguments = new Map();

/** The symbol a name refers to, with import aliases followed. */
export function symbolOf(
  checker: ts.TypeChecker,
  name: ts.EntityName | ts.Expression,
): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** A written type without its parentheses, and a bound type parameter replaced by its argument. */
export function resolveWritten(checker: ts.TypeChecker, written: Written): Written {
  const { node, args } = written;
  if (ts.isParenthesizedTypeNode(node)) return resolveWritten(checker, { node: node.type, args });
  if (args.size > 0 && ts.isTypeReferenceNode(node) && !node.typeArguments) {
    const symbol = checker.getSymbolAtLocation(node.typeName);
    const bound = symbol && args.get(symbol);
    if (bound) return resolveWritten(checker, bound);
  }
  return written;
}

/**
 * The type alias a written reference names, where its JSDoc tags reach the values: an alias of a
 * primitive or an array, which TypeScript forgets, not one of an object type, which it keeps.
 */
export function taggedAliasOf(checker: ts.TypeChecker, node: ts.TypeNode): ts.Symbol | undefined {
  if (!ts.isTypeReferenceNode(node)) return undefined;
  const symbol = symbolOf(checker, node.typeName);
  if (!symbol) return undefined;
  // An enum's own tags reach its values, as those of an alias of a set of literals do.
  if (symbol.flags & ts.SymbolFlags.Enum)
    return tagsOf(symbol, checker).length > 0 ? symbol : undefined;
  if (!(symbol.flags & ts.SymbolFlags.TypeAlias)) return undefined;
  const type = checker.getTypeAtLocation(node);
  // A set of literals keeps its alias, and its limits reach the values as a primitive's do.
  if (type.aliasSymbol && !isLiteralSet(type)) return undefined;
  return tagsOf(symbol, checker).length > 0 ? symbol : undefined;
}

const ids = new WeakMap<ts.Symbol, number>();
let lastId = 0;

function idOf(symbol: ts.Symbol): number {
  const known = ids.get(symbol);
  if (known !== undefined) return known;
  ids.set(symbol, ++lastId);
  return lastId;
}

function shapeOf(checker: ts.TypeChecker, written: Written): string {
  const { node, args } = resolveWritten(checker, written);
  const alias = taggedAliasOf(checker, node);
  if (alias) return `@${idOf(alias)}`;
  // A type literal's members carry their aliases' tags where they are written, as any member does.
  if (ts.isTypeLiteralNode(node)) return '{}';
  const parts: string[] = [];
  node.forEachChild((child) => {
    if (ts.isTypeNode(child)) parts.push(shapeOf(checker, { node: child, args }));
  });
  return `${node.kind}(${parts.join(',')})`;
}

/**
 * Where a written type argument names aliases with JSDoc tags (`Day`, `Day[]`, `Box<Day>`), as a
 * text that tells two such arguments apart; `undefined` where it names none, and the
 * instantiation is the type's own.
 */
export function taggedShapeOf(checker: ts.TypeChecker, written: Written): string | undefined {
  const shape = shapeOf(checker, written);
  return shape.includes('@') ? shape : undefined;
}

type Generic = ts.ClassLikeDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

function isGeneric(node: ts.Node): node is Generic {
  return ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);
}

/** What a generic's members come from: its `extends`, or what an alias names (`Box<T> & {…}`). */
function basesOf(declaration: Generic): (ts.TypeReferenceNode | ts.ExpressionWithTypeArguments)[] {
  if (!ts.isTypeAliasDeclaration(declaration)) {
    return (declaration.heritageClauses ?? []).flatMap((c) => c.types);
  }
  const { type } = declaration;
  const parts: readonly ts.TypeNode[] = ts.isIntersectionTypeNode(type) ? type.types : [type];
  return parts.filter(ts.isTypeReferenceNode);
}

function bind(
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
  written: readonly Written[],
  bound: Map<ts.Symbol, Written>,
  seen = new Set<ts.Symbol>(),
): Map<ts.Symbol, Written> {
  // Circular `extends` is a compile error, but the generator may read code that has one.
  if (seen.has(symbol)) return bound;
  seen.add(symbol);
  for (const declaration of (symbol.declarations ?? []).filter(isGeneric)) {
    declaration.typeParameters?.forEach((parameter, i) => {
      const own = checker.getSymbolAtLocation(parameter.name);
      const given = written[i] ?? (parameter.default && { node: parameter.default, args: bound });
      if (own && given && !bound.has(own)) bound.set(own, given);
    });
    for (const base of basesOf(declaration) as (
      | ts.TypeReferenceNode
      | ts.ExpressionWithTypeArguments
    )[]) {
      const parent = symbolOf(checker, 'typeName' in base ? base.typeName : base.expression);
      const args = (base.typeArguments ?? []).map((node) => ({ node, args: bound }));
      if (parent && args.length > 0) bind(checker, parent, args, bound, seen);
    }
  }
  return bound;
}

/**
 * The arguments in force in the members of a generic class, interface or alias as `written`
 * instantiates it (`Page<Day>`), and in those it inherits (`extends Base<T>`).
 */
export function bindArguments(
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
  written: readonly Written[],
): TypeArguments {
  return bind(checker, symbol, written, new Map());
}

/**
 * What a reference to a type alias of the project stands for (`Pair<Day>` for `type Pair<T> =
 * [T, T]`): its declared type, with its parameters bound to the written arguments.
 */
export function expandedAlias(checker: ts.TypeChecker, written: Written): Written | undefined {
  const { node, args } = written;
  if (!ts.isTypeReferenceNode(node)) return undefined;
  const symbol = symbolOf(checker, node.typeName);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  if (!symbol || !alias || alias.getSourceFile().hasNoDefaultLib) return undefined;
  const given = (node.typeArguments ?? []).map((n) => ({ node: n, args }));
  return { node: alias.type, args: bindArguments(checker, symbol, given) };
}

/**
 * A union of string and number literals alone, not an enum, `null` or `undefined` beside them:
 * `'red' | 'green'`, `1 | 2`, `'red' | null`.
 */
export function isLiteralSet(type: ts.Type): boolean {
  if (!type.isUnion() || type.flags & ts.TypeFlags.EnumLiteral) return false;
  const absent = ts.TypeFlags.Null | ts.TypeFlags.Undefined;
  const literals = type.types.filter((t) => !(t.flags & absent));
  return literals.length > 0 && literals.every((t) => t.isStringLiteral() || t.isNumberLiteral());
}
