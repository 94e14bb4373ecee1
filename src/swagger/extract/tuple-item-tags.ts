import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { isAbsent, typeNodeTags } from './alias-tags';
import { type Converter, type Site } from './converter';
import { enforcedRetype } from './format-agreement';
import { placeEnforced } from './limit-kinds';
import { readPropertyTags } from './property-tags';
import {
  expandedAlias,
  resolveWritten,
  type TypeArguments,
  type Written,
} from './written-arguments';

/** The tuple a type is written as: itself, beside `null`, or the tuple an alias names. */
function tupleOf(
  checker: ts.TypeChecker,
  written: Written | undefined,
): { node: ts.TupleTypeNode; args: TypeArguments } | undefined {
  if (!written) return undefined;
  const { node, args } = resolveWritten(checker, written);
  if (ts.isTupleTypeNode(node)) return { node, args };
  if (ts.isUnionTypeNode(node)) {
    const others = node.types.filter((n) => !isAbsent(n));
    return others.length === 1 ? tupleOf(checker, { node: others[0]!, args }) : undefined;
  }
  const alias = expandedAlias(checker, { node, args });
  return alias && tupleOf(checker, alias);
}

/**
 * A tuple's schema with the JSDoc tags of the aliases its items are written with (`type Span =
 * [Day, Day?]`, `[string, ...Day[]]`), as a member's or a parameter's own alias gives its tags.
 * Only with a contract: without one, the runtime binds no tuple of plain types.
 */
export function withTupleItemTags(
  converter: Converter,
  written: Written | undefined,
  { schema, site }: { schema: SchemaModel; site: Site },
): SchemaModel {
  if (!converter.typesAreContract || schema.kind !== 'tuple') return schema;
  const tuple = tupleOf(converter.checker, written);
  if (!tuple) return schema;
  const tagged = (node: ts.TypeNode, item: SchemaModel, label: string): SchemaModel => {
    const tags = typeNodeTags({ node, args: tuple.args }, converter.checker);
    if (tags.length === 0) return item;
    const itemSite = { node: site.node, label: `${site.label}${label}` };
    const read = readPropertyTags(converter, tags, itemSite);
    const limits = read.constraints;
    const retyped = enforcedRetype(converter, { schema: item, tags: read, limits }, itemSite);
    return placeEnforced(converter, itemSite, { schema: retyped, limits });
  };
  const items = [...schema.items];
  let rest = schema.rest;
  tuple.node.elements.forEach((element, i) => {
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
