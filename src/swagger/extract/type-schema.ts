import { ts } from 'ts-morph';
import { type SchemaModel } from '../model';
import { type Converter, MAX_INLINE_DEPTH, type Site, unsupported } from './converter';
import { libraryObjectSchema } from './library-schema';
import { enumDeclarationSchema, enumOf, literalOf } from './literal-schema';
import { objectTypeSchema } from './object-schema';
import { namedTypeOf } from './type-names';
import { intersectionSchema, unionSchema } from './union-schema';

/** Types whose schema follows from their flags alone; `undefined` for the others. */
function simpleSchema(converter: Converter, type: ts.Type, site: Site): SchemaModel | undefined {
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
    return unsupported(converter, type, site, 'describes no shape');
  }
  if (f & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.ESSymbolLike)) {
    return unsupported(converter, type, site, 'has no JSON form');
  }
  if (f & ts.TypeFlags.Boolean) return { kind: 'primitive', type: 'boolean' };
  const literal = literalOf(type, converter.checker);
  if (literal !== undefined) return enumOf([literal]);
  if (f & ts.TypeFlags.StringLike) return { kind: 'primitive', type: 'string' };
  if (f & ts.TypeFlags.Number) return { kind: 'primitive', type: 'number' };
  if (f & ts.TypeFlags.NonPrimitive) return { kind: 'object', properties: [] };
  if (f & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)) {
    return unsupported(converter, type, site, 'holds no value');
  }
  if (f & ts.TypeFlags.TypeParameter) {
    return unsupported(converter, type, site, 'is a type parameter that is never bound');
  }
  return undefined;
}

/** The schema of a union, intersection or object type, before it is given a name. */
function structuredSchema(converter: Converter, type: ts.Type, site: Site, depth: number) {
  if (type.flags & ts.TypeFlags.EnumLiteral && type.isUnion()) {
    return enumDeclarationSchema(converter, type);
  }
  if (type.isUnion()) return unionSchema(converter, type, site, depth);
  if (type.isIntersection()) return intersectionSchema(converter, type, site, depth);
  if (type.flags & ts.TypeFlags.Object) {
    return objectTypeSchema(converter, type as ts.ObjectType, site, depth);
  }
  return unsupported(converter, type, site, 'has no JSON description');
}

/** The `schemaOf` of a {@link Converter}: a named type becomes a `ref` to its one schema. */
export function schemaOfType(
  converter: Converter,
  type: ts.Type,
  site: Site,
  depth: number,
): SchemaModel {
  if (depth > MAX_INLINE_DEPTH) {
    return unsupported(converter, type, site, 'nests too deep (recursion without a name)');
  }
  const simple = simpleSchema(converter, type, site);
  if (simple) return simple;
  if (type.flags & ts.TypeFlags.Object) {
    const library = libraryObjectSchema(converter, type as ts.ObjectType, site, depth);
    if (library) return library;
  }
  const named = namedTypeOf(converter, type);
  if (!named) return structuredSchema(converter, type, site, depth);
  const name = converter.registry.nameOf(named.type, () => {
    const schema = structuredSchema(
      converter,
      type,
      { node: named.declaration, label: named.label },
      0,
    );
    return { ...schema, ...named.notes };
  });
  return { kind: 'ref', name };
}
