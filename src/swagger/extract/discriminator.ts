import { ts } from 'ts-morph';
import { type Discriminator } from '../schema-model';

/** The string literals a member's type stands for (`'a'`, `'a' | 'b'`), or `undefined`. */
function stringLiterals(type: ts.Type): readonly string[] | undefined {
  if (type.isStringLiteral()) return [type.value];
  if (!type.isUnion()) return undefined;
  const values: string[] = [];
  for (const member of type.types) {
    if (!member.isStringLiteral()) return undefined;
    values.push(member.value);
  }
  return values;
}

/** True for a type whose values are JSON objects: an interface, class, type literal or `A & B`. */
function isObjectType(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.isIntersection()) return type.types.every((t) => isObjectType(t, checker));
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  return !checker.isArrayType(type) && !checker.isTupleType(type);
}

/** The mapping of `name` over `members`, if every member requires it with its own literals. */
function mappingOf(
  checker: ts.TypeChecker,
  members: readonly ts.Type[],
  name: string,
): Record<string, number> | undefined {
  const mapping: Record<string, number> = {};
  for (const [index, member] of members.entries()) {
    const property = checker.getPropertyOfType(member, name);
    if (!property || property.flags & ts.SymbolFlags.Optional) return undefined;
    // A lone getter is refused in requests: it cannot be what a request is told apart by.
    const getter = ts.SymbolFlags.GetAccessor | ts.SymbolFlags.SetAccessor;
    if ((property.flags & getter) === ts.SymbolFlags.GetAccessor) return undefined;
    const values = stringLiterals(checker.getTypeOfSymbol(property));
    if (!values) return undefined;
    for (const value of values) {
      if (Object.hasOwn(mapping, value)) return undefined;
      mapping[value] = index;
    }
  }
  return mapping;
}

/**
 * The discriminator of a union whose members are all object types: the first member (in the
 * first type's order) that every member requires with string literals no other member takes.
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
    const mapping = mappingOf(checker, members, property.name);
    if (mapping) return { propertyName: property.name, mapping };
  }
  return undefined;
}
