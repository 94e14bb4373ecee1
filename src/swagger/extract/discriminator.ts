import { ts } from 'ts-morph';
import { type Discriminator } from '../schema-model';
import { type Literal, literalOf } from './literal-schema';

/**
 * The literals a member's type stands for (`'a'`, `'a' | 'b'`, `true`, `1`), or `undefined`;
 * `boolean` is `true | false` to the compiler, so `ok: boolean` names two members.
 */
function literals(type: ts.Type, checker: ts.TypeChecker): readonly Literal[] | undefined {
  const values: Literal[] = [];
  for (const member of type.isUnion() ? type.types : [type]) {
    const value = literalOf(member, checker);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

/** True for a type whose values are JSON objects: an interface, class, type literal or `A & B`. */
function isObjectType(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.isIntersection()) return type.types.every((t) => isObjectType(t, checker));
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  return !checker.isArrayType(type) && !checker.isTupleType(type);
}

/** The discriminator `name` is, if every member requires it with its own literals. */
function mappingOf(
  checker: ts.TypeChecker,
  members: readonly ts.Type[],
  name: string,
): Discriminator | undefined {
  const mapping: Record<string, number> = {};
  const types = new Set<string>();
  for (const [index, member] of members.entries()) {
    const property = checker.getPropertyOfType(member, name);
    if (!property || property.flags & ts.SymbolFlags.Optional) return undefined;
    // A lone getter is refused in requests: it cannot be what a request is told apart by.
    const getter = ts.SymbolFlags.GetAccessor | ts.SymbolFlags.SetAccessor;
    if ((property.flags & getter) === ts.SymbolFlags.GetAccessor) return undefined;
    const values = literals(checker.getTypeOfSymbol(property), checker);
    if (!values) return undefined;
    for (const value of values) {
      types.add(typeof value);
      if (Object.hasOwn(mapping, String(value))) return undefined;
      mapping[String(value)] = index;
    }
  }
  // Tags of one JSON type, so that a tag's text (XML's, the mapping's key) names one value.
  const [tagType, ...others] = types;
  if (others.length > 0) return undefined;
  const typed = tagType === 'string' ? {} : { tagType: tagType as 'boolean' | 'number' };
  return { propertyName: name, mapping, ...typed };
}

/**
 * The discriminator of a union whose members are all object types: the first member (in the
 * first type's order) that every member requires with literals of one JSON type (`kind: 'circle'`,
 * `ok: true`, `v: 1`) that no other member takes.
 * TypeScript narrows such a union by that member, and the runtime binds it so: one lookup, then
 * one member's fields, whatever the nesting.
 */
export function discriminatorOf(
  checker: ts.TypeChecker,
  members: readonly ts.Type[],
): Discriminator | undefined {
  const [first] = members;
  if (!first || members.length < 2 || !members.every((m) => isObjectType(m, checker))) {
    return undefined;
  }
  for (const property of checker.getPropertiesOfType(first)) {
    const found = mappingOf(checker, members, property.name);
    if (found) return found;
  }
  return undefined;
}
