import { ts } from 'ts-morph';
import { isAbsent, libraryItemOf } from './alias-tags';
import { type Converter, type Site } from './converter';
import { argumentsShapeOf, isAliasOfTypes } from './generic-instances';
import { lose, merged, reach, type Walk } from './instance-walk';
import {
  mergeShapes,
  setAsideFieldGenerics,
  warnFieldGenericTags,
  warnLostTags,
  warnMergedInstances,
} from './lost-alias-tags';
import { expandedAlias, resolveWritten, taggedAliasOf, type Written } from './written-arguments';
import { instantiates, unionMemberOf } from './written-parts';

/**
 * The named generic types in one written type whose arguments name aliases with JSDoc tags
 * (`Page<Day>`), with those arguments: each gets a schema of its own that carries the tags.
 */
export type Instances = ReadonlyMap<ts.Type, readonly Written[]>;

function tupleItems(walk: Walk, { node, args }: Written, type: ts.TypeReference): void {
  const types = walk.converter.checker.getTypeArguments(type);
  (node as ts.TupleTypeNode).elements.forEach((element, i) => {
    let item: ts.TypeNode | undefined = ts.isNamedTupleMember(element) ? element.type : element;
    if (ts.isOptionalTypeNode(item)) item = item.type;
    const rest =
      ts.isRestTypeNode(item) || (ts.isNamedTupleMember(element) && element.dotDotDotToken);
    if (ts.isRestTypeNode(item)) item = item.type;
    if (rest) item = ts.isArrayTypeNode(item) ? item.elementType : libraryItemOf(item, 'Array');
    const itemType = types[i];
    if (item && itemType) visit(walk, { node: item, args }, itemType);
    else if (item) lose(walk, { node: item, args });
  });
}

/** Walks a written type beside its type, where an alias's tags can be carried; `false` where not. */
function visit(walk: Walk, written: Written, declared: ts.Type): boolean {
  const { checker } = walk.converter;
  // An optional member's type has `undefined` that its written type does not.
  const type = checker.getNonNullableType(declared);
  const resolved = resolveWritten(checker, written);
  const { node, args } = resolved;
  const into = (n: ts.TypeNode, t: ts.Type | undefined) =>
    t ? visit(walk, { node: n, args }, t) : lose(walk, { node: n, args });
  if (taggedAliasOf(checker, node) || ts.isTypeLiteralNode(node)) return true;
  if (ts.isUnionTypeNode(node)) {
    const present = node.types.filter((n) => !isAbsent(n));
    if (present.length === 1) return into(present[0]!, type);
    // `Page<Day> | Page<Code>`: one type to TypeScript, `Page<string>`.
    const one = (n: ts.TypeNode) => ts.isTypeReferenceNode(n) && n.typeArguments !== undefined;
    if (!type.isUnion() && !walk.named && present.every(one)) {
      const given = (n: ts.TypeReferenceNode) =>
        (n.typeArguments ?? []).map((a) => ({ node: a, args }));
      for (const n of present as ts.TypeReferenceNode[]) merged(walk, type, n.getText(), given(n));
      return false;
    }
    if (!type.isUnion() || walk.named) return lose(walk, resolved);
    const member = (n: ts.TypeNode) => unionMemberOf(walk.converter, { node: n, args }, type);
    return present.map((n) => into(n, member(n))).every(Boolean);
  }
  if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) {
    return into(node.type, type);
  }
  const item = ts.isArrayTypeNode(node) ? node.elementType : libraryItemOf(node, 'Array');
  if (item && checker.isArrayType(type)) {
    return into(item, checker.getTypeArguments(type as ts.TypeReference)[0]);
  }
  const value = libraryItemOf(node, 'Record');
  if (value) return into(value, checker.getIndexInfosOfType(type)[0]?.type);
  if (ts.isTupleTypeNode(node) && checker.isTupleType(type)) {
    tupleItems(walk, resolved, type as ts.TypeReference);
    return true;
  }
  if (!ts.isTypeReferenceNode(node)) return lose(walk, resolved);
  const given = (node.typeArguments ?? []).map((n) => ({ node: n, args }));
  // A type literal given to a generic (`Page<{ d: T }>`) is read where the generic is declared,
  // where `T` is not bound: the tags of what `T` stands for are lost there.
  for (const w of given)
    if (ts.isTypeLiteralNode(resolveWritten(checker, w).node)) lose(walk, w, true);
  const shape = argumentsShapeOf(checker, given);
  if (shape.includes('@') && isAliasOfTypes(walk.converter, node)) return lose(walk, resolved);
  const instance = instantiates(walk.converter, node, type);
  if (instance) reach(walk, type, given, shape);
  if (instance && shape.includes('@')) return true;
  const expanded = expandedAlias(checker, resolved);
  const named = walk.named || !node.typeArguments;
  return expanded ? visit({ ...walk, named }, expanded, type) : lose(walk, resolved);
}

/**
 * The {@link Instances} of a written type of `type`. Where a type argument brings an alias's tags
 * to a place no schema can carry them (`T | number`, `Partial<Page<Day>>`), a warning with
 * file:line names the alias: the tags are left out, never silently.
 */
export function instancesOf(
  converter: Converter,
  written: Written | undefined,
  { type, site }: { type: ts.Type; site: Site },
): Instances {
  const walk: Walk = { converter, reached: new Map(), lost: new Set(), merged: new Map() };
  if (written) visit(walk, written, type);
  const fieldLost = setAsideFieldGenerics(converter, walk.reached, (w, lost) =>
    lose({ ...walk, lost }, w, true),
  );
  warnFieldGenericTags(converter, site, fieldLost);
  const instances = new Map<ts.Type, readonly Written[]>();
  mergeShapes(walk.reached, (type, text, given) => merged(walk, type, text, given));
  for (const [reachedType, shapes] of walk.reached) {
    const [shape, given] = [...shapes][0] ?? ['', []];
    if (shapes.size === 1 && shape.includes('@')) instances.set(reachedType, given);
  }
  const warned = warnMergedInstances(converter, site, walk.merged);
  warnLostTags(
    converter,
    site,
    [...walk.lost].filter((a) => !fieldLost.has(a) && !warned.has(a)),
  );
  return instances;
}
