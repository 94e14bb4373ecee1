import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { MAX_INLINE_DEPTH, type Scope, unsupported } from './converter';
import { instanceOf } from './generic-instances';
import { endlessGeneric } from './growing-generics';
import { libraryObjectSchema } from './library-schema';
import { enumDeclarationSchema, enumOf, literalOf } from './literal-schema';
import { objectTypeSchema } from './object-schema';
import { anyString, isTemplateString } from './template-strings';
import { namedTypeOf } from './type-names';
import { unboundParameter } from './type-parameters';
import { intersectionSchema, unionSchema } from './union-schema';

/** Types whose schema follows from their flags alone; `undefined` for the others. */
function simpleSchema(scope: Scope, type: ts.Type): SchemaModel | undefined {
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return unsupported(scope, type, 'shapeless');
  if (f & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) {
    return unsupported(scope, type, 'bigint');
  }
  if (f & ts.TypeFlags.ESSymbolLike) return unsupported(scope, type, 'symbol');
  if (f & ts.TypeFlags.Boolean) return { kind: 'primitive', type: 'boolean' };
  const literal = literalOf(type, scope.converter.checker);
  if (literal !== undefined) return enumOf([literal]);
  if (isTemplateString(type)) return anyString(scope, type);
  if (f & ts.TypeFlags.StringLike) return { kind: 'primitive', type: 'string' };
  if (f & ts.TypeFlags.Number) return { kind: 'primitive', type: 'number' };
  if (f & ts.TypeFlags.NonPrimitive) return { kind: 'object', properties: [] };
  if (f & ts.TypeFlags.Never) return unsupported(scope, type, 'never');
  if (f & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
    return unsupported(scope, type, 'noValue');
  }
  return unboundParameter(scope, type);
}

/** The schema of a union, intersection or object type, before it is given a name. */
function structuredSchema(scope: Scope, type: ts.Type) {
  if (type.flags & ts.TypeFlags.EnumLiteral && type.isUnion()) {
    return enumDeclarationSchema(scope.converter, type);
  }
  if (type.isUnion()) return unionSchema(scope, type);
  if (type.isIntersection()) return intersectionSchema(scope, type);
  if (type.flags & ts.TypeFlags.Object) return objectTypeSchema(scope, type as ts.ObjectType);
  return unsupported(scope, type, 'other');
}

/**
 * An object type without a name keeps its text for messages, the build's and the runtime's
 * (`argument 0 (Required<Address>)`, `argument 0 ({ x: number; y: number; })`), where they would
 * name its place.
 */
function withTypeText(scope: Scope, type: ts.Type, schema: SchemaModel): SchemaModel {
  const union = schema.kind === 'union' && schema.discriminator !== undefined;
  if (schema.kind !== 'object' && !union) return schema;
  return { ...schema, typeText: scope.converter.checker.typeToString(type) };
}

/** The `schemaOf` of a {@link Converter}: a named type becomes a `ref` to its one schema. */
export function schemaOfType(scope: Scope, type: ts.Type): SchemaModel {
  if (scope.depth > MAX_INLINE_DEPTH) {
    return unsupported(scope, type, 'deep');
  }
  const simple = simpleSchema(scope, type);
  if (simple) return simple;
  if (type.flags & ts.TypeFlags.Object) {
    const library = libraryObjectSchema(scope, type as ts.ObjectType);
    if (library) return library;
  }
  const { converter } = scope;
  const named = namedTypeOf(converter, type, scope.site);
  if (!named) return withTypeText(scope, type, structuredSchema(scope, type));
  const written = scope.instances?.get(type);
  const instance = written && instanceOf(converter, { named, type, written });
  const info = instance?.info ?? named;
  const name = converter.registry.nameOf(info.type, () => {
    const endless = converter.open.growth(info.declaration, type);
    if (endless) return endlessGeneric(scope, endless);
    const site = { node: info.declaration, label: info.label };
    const within = { converter, site, depth: 0, args: instance?.args };
    const schema = converter.open.within(info.declaration, type, () =>
      structuredSchema(within, type),
    );
    // With a contract, an object type without a class is bound and named `object` on the wire,
    // libA's name of a value without a class: its arrays' items are named so too.
    const objects = schema.kind === 'object' || (schema.kind === 'union' && schema.discriminator);
    const unnamed = converter.typesAreContract && objects && !info.notes.xmlName;
    return { ...schema, ...info.notes, ...(unnamed ? { xmlName: 'object' } : {}) };
  });
  return { kind: 'ref', name };
}
