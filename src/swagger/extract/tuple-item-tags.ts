import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { placeConstraints } from './field-agreement';
import { enforcedRetype } from './format-agreement';
import { readPropertyTags } from './property-tags';
import { typeNodeTags } from './source-text';

function isAbsent(node: ts.TypeNode): boolean {
  return (
    node.kind === ts.SyntaxKind.UndefinedKeyword ||
    (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword)
  );
}

/** The tuple a type is written as: itself, beside `null`, or the tuple a non-generic alias names. */
function tupleNodeOf(
  node: ts.TypeNode | undefined,
  checker: ts.TypeChecker,
): ts.TupleTypeNode | undefined {
  if (!node) return undefined;
  if (ts.isTupleTypeNode(node)) return node;
  if (ts.isParenthesizedTypeNode(node)) return tupleNodeOf(node.type, checker);
  if (ts.isUnionTypeNode(node)) {
    const others = node.types.filter((n) => !isAbsent(n));
    return others.length === 1 ? tupleNodeOf(others[0], checker) : undefined;
  }
  if (!ts.isTypeReferenceNode(node)) return undefined;
  let symbol = checker.getSymbolAtLocation(node.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  return alias && !alias.typeParameters ? tupleNodeOf(alias.type, checker) : undefined;
}

/**
 * A tuple's schema with the JSDoc tags of the aliases its items are written with (`type Span =
 * [Day, Day?]`, `[string, ...Day[]]`), as a member's or a parameter's own alias gives its tags.
 * Only with a contract: without one, the runtime binds no tuple of plain types.
 */
export function withTupleItemTags(
  converter: Converter,
  written: ts.TypeNode | undefined,
  { schema, site }: { schema: SchemaModel; site: Site },
): SchemaModel {
  if (!converter.typesAreContract || schema.kind !== 'tuple') return schema;
  const tuple = tupleNodeOf(written, converter.checker);
  if (!tuple) return schema;
  const tagged = (node: ts.TypeNode, item: SchemaModel, label: string): SchemaModel => {
    const tags = typeNodeTags(node, converter.checker);
    if (tags.length === 0) return item;
    const itemSite = { node: site.node, label: `${site.label}${label}` };
    const read = readPropertyTags(converter, tags, itemSite);
    const limits = read.constraints;
    const retyped = enforcedRetype(converter, { schema: item, tags: read, limits }, itemSite);
    return placeConstraints(retyped, limits);
  };
  const items = [...schema.items];
  let rest = schema.rest;
  tuple.elements.forEach((element, i) => {
    const node = ts.isNamedTupleMember(element) ? element.type : element;
    if (ts.isRestTypeNode(node) || (ts.isNamedTupleMember(element) && element.dotDotDotToken)) {
      const inner = ts.isRestTypeNode(node) ? node.type : node;
      if (rest) rest = tagged(inner, rest, '[…]');
      return;
    }
    const inner = ts.isOptionalTypeNode(node) ? node.type : node;
    const item = items[i];
    if (item) items[i] = tagged(inner, item, `[${i}]`);
  });
  return { ...schema, items, ...(rest ? { rest } : {}) };
}
