import { ts } from 'ts-morph';
import { type Converter, projectSymbolOf } from './converter';
import { resolveWritten, type Written } from './written-arguments';

/** Whether `type` is the instantiation of the class, interface or alias a reference names. */
export function instantiates(
  converter: Converter,
  node: ts.TypeReferenceNode,
  type: ts.Type,
): boolean {
  const symbol = projectSymbolOf(converter, node.typeName);
  return symbol !== undefined && (type.aliasSymbol ?? type.getSymbol()) === symbol;
}

/**
 * The member of a union type that a written member instantiates (`Tagged<'day', Day>` of
 * `Tagged<'day', Day> | Tagged<'code', Code>`): its own type where it is among the members, else
 * the one member of its generic; `undefined` for a tagged alias beside other types (`Day |
 * number`), whose tags no schema of the union carries.
 */
export function unionMemberOf(converter: Converter, written: Written, union: ts.UnionType) {
  const { node } = resolveWritten(converter.checker, written);
  if (!ts.isTypeReferenceNode(node) || !node.typeArguments) return undefined;
  const own = converter.checker.getTypeFromTypeNode(node);
  if (union.types.includes(own)) return own;
  const generic = union.types.filter((t) => instantiates(converter, node, t));
  return generic.length === 1 ? generic[0] : undefined;
}

/**
 * The references inside a written type literal to a type parameter bound where it is written
 * (`T` in `{ d: T }` inside `Outer<Day>`), with the arguments in force there.
 */
export function boundParametersIn(checker: ts.TypeChecker, written: Written): Written[] {
  const found: Written[] = [];
  const look = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node) && !node.typeArguments) {
      const bound = resolveWritten(checker, { node, args: written.args });
      if (bound.node !== node) found.push({ node, args: written.args });
    }
    node.forEachChild(look);
  };
  written.node.forEachChild(look);
  return found;
}
