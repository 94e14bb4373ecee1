import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { innerSchemaOf, type Scope, unsupported } from './converter';
import { discriminatorOf } from './discriminator';
import { literalEnums, literalOf } from './literal-schema';
import { objectTypeSchema } from './object-schema';
import { anyString, isTemplateUnion } from './template-strings';

const PRIMITIVE_FLAGS =
  ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike;

/** The members of a union as written: a named union inside it stays one member (`Color | null`). */
function unionMembers(type: ts.UnionType): readonly ts.Type[] {
  // `origin` keeps the aliased unions a union was built from; the compiler does not export it.
  const origin = (type as { origin?: ts.Type }).origin;
  return origin?.isUnion() ? origin.types : type.types;
}

/** A union: `null` makes it nullable, `undefined` is dropped, literals join as enums. */
export function unionSchema(scope: Scope, type: ts.UnionType) {
  const { checker } = scope.converter;
  const members = unionMembers(type);
  const isNull = (t: ts.Type) => (t.flags & ts.TypeFlags.Null) !== 0;
  const isMissing = (t: ts.Type) => (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0;
  const nullable = members.some(isNull);
  const present = members.filter((t) => !isNull(t) && !isMissing(t));
  if (isTemplateUnion(present))
    return { ...anyString(scope, type), ...(nullable ? { nullable: true } : {}) };
  // Members of an enum the union does not take whole (`Level.Low | Level.High`) join as literals.
  const literals = present.filter((t) => literalOf(t, checker) !== undefined);
  const values = literals.map((t) => literalOf(t, checker)!);
  // `true | false` is TypeScript's `boolean`; `done?: true` and `false | 'pending'` are sets.
  const booleans = values.includes(true) && values.includes(false);
  const schemas: SchemaModel[] = [
    ...present.filter((t) => !literals.includes(t)).map((t) => innerSchemaOf(scope, t)),
    ...(booleans ? [{ kind: 'primitive', type: 'boolean' } as const] : []),
    ...literalEnums(values.filter((v) => !booleans || typeof v !== 'boolean')),
  ];
  const notes = nullable ? { nullable: true } : {};
  // A named union beside null or undefined (`Move | null`, `next?: Move`) is that named schema.
  if (present.length === 1 && literals.length === 0) {
    return { ...innerSchemaOf(scope, present[0]!), ...notes };
  }
  // Named unions inside (`Shape | Line`) count as their members for a discriminator.
  const flat = type.types.filter((t) => !isNull(t) && !isMissing(t));
  const discriminator = literals.length === 0 ? discriminatorOf(checker, flat) : undefined;
  if (discriminator) {
    const objects = flat.map((t) => innerSchemaOf(scope, t));
    return { kind: 'union', members: objects, discriminator, ...notes } as const;
  }
  if (schemas.length === 0) return unsupported(scope, type, 'noValue');
  if (schemas.length === 1) return { ...schemas[0]!, ...notes };
  return { kind: 'union', members: schemas, ...notes } as const;
}

/**
 * An intersection of object types as one object with the members merged: members' schemas are
 * closed (`additionalProperties: false`), so an `allOf` of them would allow no value. A branded
 * primitive is the primitive; other intersections stay `allOf`.
 */
export function intersectionSchema(scope: Scope, type: ts.IntersectionType): SchemaModel {
  // A branded primitive (`string & { __brand: 'Id' }`) travels as the primitive.
  const primitive = type.types.find((t) => t.flags & PRIMITIVE_FLAGS);
  if (primitive) return innerSchemaOf(scope, primitive);
  if (type.types.every((t) => t.flags & ts.TypeFlags.Object)) {
    return objectTypeSchema(scope, type as unknown as ts.ObjectType);
  }
  return { kind: 'intersection', members: type.types.map((t) => innerSchemaOf(scope, t)) };
}
