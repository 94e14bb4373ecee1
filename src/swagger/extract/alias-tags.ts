import { ts } from 'ts-morph';
import { tagsOf } from './source-text';
import {
  expandedAlias,
  isLiteralSet,
  NO_ARGUMENTS,
  resolveWritten,
  symbolOf,
  type TypeArguments,
  type Written,
} from './written-arguments';

/** Whether a written member of a union is `null` or `undefined`. */
export function isAbsent(node: ts.TypeNode): boolean {
  return (
    node.kind === ts.SyntaxKind.UndefinedKeyword ||
    (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword)
  );
}

/** The one item of `Array<X>`, `ReadonlyArray<X>` or `Record<K, X>` as written, by the name. */
export function libraryItemOf(node: ts.TypeNode, name: string): ts.TypeNode | undefined {
  if (!ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName)) return undefined;
  const args = node.typeArguments ?? [];
  const text = node.typeName.text;
  if (name === 'Array' && (text === 'Array' || text === 'ReadonlyArray') && args.length === 1) {
    return args[0];
  }
  return name === text && name === 'Record' && args.length === 2 ? args[1] : undefined;
}

/**
 * The written type whose alias's tags a declaration's schema carries: the written type, or the
 * item of an array (`Day[]`, `Array<Day>`), the value of a `Record<string, Day>`, or the one type
 * beside `null` or `undefined` (`Day | null`), where the limits land as a `@Field`'s do; a type
 * parameter stands for its argument (`T` in `Page<Day>`). `inner` says it is not the whole value.
 */
function taggedNode(
  checker: ts.TypeChecker,
  written: Written,
  inner = false,
): { written: Written; inner: boolean } {
  const resolved = resolveWritten(checker, written);
  const { node, args } = resolved;
  const into = (n: ts.TypeNode) => taggedNode(checker, { node: n, args }, true);
  if (ts.isArrayTypeNode(node)) return into(node.elementType);
  if (ts.isUnionTypeNode(node)) {
    const others = node.types.filter((n) => !isAbsent(n));
    return others.length === 1 ? into(others[0] as ts.TypeNode) : { written: resolved, inner };
  }
  const item = libraryItemOf(node, 'Array') ?? libraryItemOf(node, 'Record');
  if (item) return into(item);
  // A generic alias that TypeScript does not keep (`type List<T> = T[]`) stands for its type.
  const expanded =
    ts.isTypeReferenceNode(node) && node.typeArguments && expandedAlias(checker, resolved);
  if (expanded && !checker.getTypeAtLocation(node).aliasSymbol) {
    return taggedNode(checker, expanded, inner);
  }
  return { written: resolved, inner };
}

/**
 * The JSDoc tags of the type alias that a parameter, property or result is declared with (`to: Email`,
 * where `/** @format email *\/ type Email = string`), where the type keeps no trace of the alias:
 * TypeScript names no alias of a primitive, so only the written type node leads to its tags. An
 * alias of a primitive also gives them to the items of an array, the values of a record, and
 * beside `null` (`Day[]`, `Record<string, Day>`, `Day | null`); in a generic's members, so does
 * the alias a type parameter's argument names (`T` in `Page<Day>`).
 */
export function aliasTagsOf(
  node: ts.Node | undefined,
  checker: ts.TypeChecker,
  args: TypeArguments = NO_ARGUMENTS,
): [string, string][] {
  const written = writtenTypeOf(node);
  return typeNodeTags(written && { node: written, args }, checker);
}

/**
 * The type a parameter, property or method (its result, awaited: `X` of `Promise<X>`) is written
 * with, if it is written.
 */
export function writtenTypeOf(node: ts.Node | undefined): ts.TypeNode | undefined {
  if (node && ts.isMethodDeclaration(node) && node.type && ts.isTypeReferenceNode(node.type)) {
    const name = node.type.typeName.getText();
    const [awaited, ...more] = node.type.typeArguments ?? [];
    if ((name === 'Promise' || name === 'PromiseLike') && awaited && more.length === 0) {
      return awaited;
    }
  }
  return node &&
    (ts.isParameter(node) ||
      ts.isPropertyDeclaration(node) ||
      ts.isPropertySignature(node) ||
      ts.isMethodDeclaration(node))
    ? node.type
    : undefined;
}

/** The JSDoc tags of the alias a written type names, as {@link aliasTagsOf} finds them. */
export function typeNodeTags(
  written: Written | undefined,
  checker: ts.TypeChecker,
): [string, string][] {
  if (!written) return [];
  const { written: tagged, inner } = taggedNode(checker, written);
  const typeNode = tagged.node;
  if (!ts.isTypeReferenceNode(typeNode)) return [];
  const type = checker.getTypeAtLocation(typeNode);
  const symbol = symbolOf(checker, typeNode.typeName);
  // An enum's own tags (`/** @pattern ^s *\/ enum Size`) go where it is used, as an alias's do.
  if (symbol && symbol.flags & ts.SymbolFlags.Enum) return tagsOf(symbol, checker);
  // An alias TypeScript keeps is a schema of its own, except a set of literals: its limits
  // (`/** @pattern ^r *\/ type Color = 'red' | 'green'`) go where it is used, as a member's own.
  if (type.aliasSymbol && !isLiteralSet(type)) return [];
  // Through an array or a record, only an alias of a scalar: an array's own limits stay its own.
  if (inner && (checker.isArrayType(type) || checker.isTupleType(type))) return [];
  return symbol && symbol.flags & ts.SymbolFlags.TypeAlias ? tagsOf(symbol, checker) : [];
}
