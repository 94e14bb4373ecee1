import path from 'node:path';
import { ts } from 'ts-morph';
import { type SourceLocation } from '../model';
import { sameLineDoc } from './same-line-doc';

/** Where a node starts: its file and 1-based line. */
export function locationOf(node: ts.Node): SourceLocation {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return { file: path.resolve(file.fileName), line: line + 1 };
}

/** The JSDoc text of a symbol, or `undefined` when it has none. */
export function docOf(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): string | undefined {
  if (!symbol) return undefined;
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return text === '' ? sameLineDoc(symbol)?.text : text;
}

/** The JSDoc tags of a symbol: `@format int32` → `['format', 'int32']`. */
export function tagsOf(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): [string, string][] {
  if (!symbol) return [];
  const tags = symbol.getJsDocTags(checker);
  if (tags.length === 0) return [...(sameLineDoc(symbol)?.tags ?? [])];
  return tags.map((tag): [string, string] => [tag.name, ts.displayPartsToString(tag.text).trim()]);
}

/**
 * The type node whose alias's tags a declaration's schema carries: the written type, or the item
 * of an array (`Day[]`, `Array<Day>`), the value of a `Record<string, Day>`, or the one type
 * beside `null` or `undefined` (`Day | null`), where the limits land as a `@Field`'s do.
 */
function taggedNode(node: ts.TypeNode): ts.TypeNode {
  if (ts.isParenthesizedTypeNode(node)) return taggedNode(node.type);
  if (ts.isArrayTypeNode(node)) return taggedNode(node.elementType);
  if (ts.isUnionTypeNode(node)) {
    const absent = (n: ts.TypeNode) =>
      n.kind === ts.SyntaxKind.UndefinedKeyword ||
      (ts.isLiteralTypeNode(n) && n.literal.kind === ts.SyntaxKind.NullKeyword);
    const others = node.types.filter((n) => !absent(n));
    return others.length === 1 ? taggedNode(others[0] as ts.TypeNode) : node;
  }
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const args = node.typeArguments ?? [];
    const name = node.typeName.text;
    if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1) {
      return taggedNode(args[0] as ts.TypeNode);
    }
    if (name === 'Record' && args.length === 2) return taggedNode(args[1] as ts.TypeNode);
  }
  return node;
}

/**
 * The JSDoc tags of the type alias that a parameter, property or result is declared with (`to: Email`,
 * where `/** @format email *\/ type Email = string`), where the type keeps no trace of the alias:
 * TypeScript names no alias of a primitive, so only the written type node leads to its tags. An
 * alias of a primitive also gives them to the items of an array, the values of a record, and
 * beside `null` (`Day[]`, `Record<string, Day>`, `Day | null`).
 */
export function aliasTagsOf(
  node: ts.Node | undefined,
  checker: ts.TypeChecker,
): [string, string][] {
  return typeNodeTags(writtenTypeOf(node), checker);
}

/** The type a parameter, property or method (its result) is written with, if it is written. */
export function writtenTypeOf(node: ts.Node | undefined): ts.TypeNode | undefined {
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
  written: ts.TypeNode | undefined,
  checker: ts.TypeChecker,
): [string, string][] {
  const typeNode = written && taggedNode(written);
  if (!typeNode || !ts.isTypeReferenceNode(typeNode)) return [];
  const type = checker.getTypeAtLocation(typeNode);
  if (type.aliasSymbol) return [];
  // Through an array or a record, only an alias of a scalar: an array's own limits stay its own.
  if (typeNode !== written && (checker.isArrayType(type) || checker.isTupleType(type))) return [];
  let symbol = checker.getSymbolAtLocation(typeNode.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol && symbol.flags & ts.SymbolFlags.TypeAlias ? tagsOf(symbol, checker) : [];
}

/** The text of a string literal expression, or `undefined` for anything else. */
export function stringLiteralOf(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

/** The initializer of property `name` in an object literal, if it is written there. */
export function propertyOf(node: ts.Node | undefined, name: string): ts.Expression | undefined {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  for (const property of node.properties) {
    const key =
      property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? property.name.text
        : undefined;
    if (ts.isPropertyAssignment(property) && key === name) {
      return property.initializer;
    }
  }
  return undefined;
}

/** A string written as a literal, or as a constant whose type is a string literal. */
export function staticStringOf(
  node: ts.Expression | undefined,
  checker: ts.TypeChecker,
): string | undefined {
  const literal = stringLiteralOf(node);
  if (literal !== undefined || !node) return literal;
  const type = checker.getTypeAtLocation(node);
  return type.isStringLiteral() ? type.value : undefined;
}
