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
