import { ts } from 'ts-morph';
import { writtenTypeOf } from './alias-tags';
import { projectFiles } from './argument-names';
import { type Converter, isLibrarySymbol, type Site } from './converter';

const indexes = new WeakMap<ts.Program, ReadonlyMap<ts.Type, ts.Symbol>>();

/** A union of string and number literals alone: a literal set (`'a' | 'b'`, `1 | 2`). */
function isLiteralSet(type: ts.Type): boolean {
  if (!type.isUnion() || type.flags & ts.TypeFlags.EnumLiteral) return false;
  return type.types.every((t) => t.isStringLiteral() || t.isNumberLiteral());
}

function collect(
  node: ts.Node,
  checker: ts.TypeChecker,
  index: Map<ts.Type, ts.Symbol>,
): ReadonlyMap<ts.Type, ts.Symbol> {
  if (ts.isTypeAliasDeclaration(node) && !node.typeParameters) {
    const symbol = checker.getSymbolAtLocation(node.name);
    const type = symbol && checker.getDeclaredTypeOfSymbol(symbol);
    if (type && !type.aliasSymbol && isLiteralSet(type) && !index.has(type)) {
      index.set(type, symbol);
    }
  }
  if (ts.isSourceFile(node) || ts.isModuleDeclaration(node) || ts.isModuleBlock(node)) {
    node.forEachChild((child) => {
      collect(child, checker, index);
    });
  }
  return index;
}

/**
 * The type alias of the project that names a literal set TypeScript keeps no alias for: an alias
 * whose type TypeScript resolves rather than creates, as `type Kind = (typeof KINDS)[number]` of an
 * `as const` array, or `keyof` of an interface, gets the union the array's items already are. The
 * set is named by the alias all the same, as one written `'a' | 'b'` is (docs/api-description.md);
 * the first alias in the project's order names a set that two aliases resolve to.
 */
export function unattachedAliasOf(program: ts.Program, type: ts.Type): ts.Symbol | undefined {
  if (!isLiteralSet(type)) return undefined;
  let index = indexes.get(program);
  if (!index) {
    const checker = program.getTypeChecker();
    const found = new Map<ts.Type, ts.Symbol>();
    for (const file of projectFiles(program)) collect(file, checker, found);
    index = found;
    indexes.set(program, index);
  }
  return index.get(type);
}

/**
 * Whether the type written at `node` (a parameter, a property, or the name of a method for its
 * result) spells `set` out by its values (`'a' | 'b'`, also as `('a' | 'b')[]` or beside `null`):
 * such a set is described in place, not named by an alias that resolves to the same union.
 */
export function writtenInPlace(node: ts.Node, set: ts.Type, checker: ts.TypeChecker): boolean {
  const declaration = ts.isIdentifier(node) && node.parent ? node.parent : node;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isUnionTypeNode(n)) {
      found = checker.getNonNullableType(checker.getTypeFromTypeNode(n)) === set;
      if (found) return;
    }
    n.forEachChild(visit);
  };
  const written = writtenTypeOf(declaration);
  if (written) visit(written);
  return found;
}

/** The alias of the project that names `type`; none for a set that `site` writes by its values. */
export function userAlias(converter: Converter, type: ts.Type, site?: Site): ts.Symbol | undefined {
  let alias = type.aliasSymbol;
  if (!alias) {
    alias = unattachedAliasOf(converter.program, type);
    if (alias && site && writtenInPlace(site.node, type, converter.checker)) return undefined;
  }
  return alias && !isLibrarySymbol(converter, alias) ? alias : undefined;
}
