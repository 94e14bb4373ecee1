import { ts } from 'ts-morph';
import { type PropertyModel, type SchemaModel } from '../schema-model';
import { typeNodeTags, writtenTypeOf } from './alias-tags';
import { type Converter, innerSchemaOf, type Scope, unsupported } from './converter';
import { enforcedFacts, fieldDecoratorOf, hasNull } from './enforced-facts';
import { fieldOptionalErased } from './optional-parameters';
import { readPropertyTags } from './property-tags';
import { docOf, propertyOf, stringLiteralOf, tagsOf } from './source-text';
import { withTupleItemTags } from './tuple-item-tags';
import { schemaOfSpec } from './type-spec';
import { NO_ARGUMENTS } from './written-arguments';
import { instancesOf } from './written-instances';
import { checkXmlMemberName } from './xml-member-name';

const SKIPPED_MODIFIERS =
  ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static;

/** A data property of an object type: not a method, not private, protected or static. */
function isDataProperty(symbol: ts.Symbol): boolean {
  if (symbol.name.startsWith('__@') || symbol.name.startsWith('#')) return false;
  if (symbol.flags & ts.SymbolFlags.Method) return false;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!declaration) return true;
  return (ts.getCombinedModifierFlags(declaration as ts.Declaration) & SKIPPED_MODIFIERS) === 0;
}

/**
 * `error?: never`, `value?: undefined`, `value: void` (of `Result<void>`): a member that holds no
 * value is one a value never has (JSON has no undefined), as TypeScript users write to narrow a
 * union by it. It is left out of the object, so that the document, whose objects are closed, and
 * the server both refuse it.
 */
function alwaysAbsent(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const { flags } = checker.getTypeOfSymbol(symbol);
  const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
  const nothing = ts.TypeFlags.Undefined | ts.TypeFlags.Void;
  return (flags & nothing) !== 0 || (optional && (flags & ts.TypeFlags.Never) !== 0);
}

/**
 * A lone getter: the server writes it in answers and cannot take it in a request, which is what
 * `readOnly` means in Swagger 2.0. A `readonly` member (or `Readonly<T>`) is not: TypeScript's
 * word says the code does not reassign it, and the server requires it in requests like any other.
 */
function isGetterOnly(symbol: ts.Symbol): boolean {
  return (
    (symbol.flags & ts.SymbolFlags.GetAccessor) !== 0 &&
    (symbol.flags & ts.SymbolFlags.SetAccessor) === 0
  );
}

function propertyModel(scope: Scope, symbol: ts.Symbol): PropertyModel {
  const { converter, site } = scope;
  const { checker } = converter;
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  const field = fieldDecoratorOf(converter, declaration);
  const propertySite = { node: declaration ?? site.node, label: `${site.label}.${symbol.name}` };
  checkXmlMemberName(converter, propertySite, symbol.name);
  const type = checker.getTypeOfSymbol(symbol);
  const typeNode = writtenTypeOf(declaration);
  const written = typeNode && { node: typeNode, args: scope.args ?? NO_ARGUMENTS };
  const fromSpec = field?.spec && schemaOfSpec(converter, field.spec, propertySite);
  const instances = instancesOf(converter, written, { type, site: propertySite });
  const base =
    fromSpec && fromSpec !== 'void'
      ? { ...fromSpec, ...(hasNull(type) ? { nullable: true } : {}) }
      : innerSchemaOf({ ...scope, instances }, type, propertySite);
  // The member's own tags come last: where both state a limit, the member's holds.
  const stated = [...typeNodeTags(written, checker), ...tagsOf(symbol, checker)];
  const tags = readPropertyTags(converter, stated, propertySite);
  const facts = enforcedFacts(converter, field, {
    schema: base,
    type,
    typeNode,
    tags,
    site: propertySite,
  });
  const schema = withTupleItemTags(converter, written, {
    schema: facts,
    site: propertySite,
  });
  const described =
    stringLiteralOf(propertyOf(field?.options, 'description')) ?? docOf(symbol, checker);
  const optionalByField =
    propertyOf(field?.options, 'optional')?.kind === ts.SyntaxKind.TrueKeyword;
  // `x: T | undefined` is optional as `x?: T` is: JSON has no undefined to send or answer.
  const question = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
  const optionalByType =
    question ||
    (type.isUnion() && type.types.some((t) => (t.flags & ts.TypeFlags.Undefined) !== 0));
  // A `?` the runtime never learns of, on a @Field without a contract: required, with a warning.
  const erased =
    optionalByType &&
    !optionalByField &&
    fieldOptionalErased(converter, { declared: field !== undefined, site: propertySite, question });
  return {
    name: symbol.name,
    required: (erased || !optionalByType) && !optionalByField && !isGetterOnly(symbol),
    schema: {
      ...schema,
      ...tags.notes,
      ...(described ? { description: described } : {}),
      ...(isGetterOnly(symbol) ? { readOnly: true } : {}),
    },
  };
}

/** True when the class that declares `symbol` marks any of its members with `@Field`. */
function ownerDeclaresFields(converter: Converter, symbol: ts.Symbol): boolean {
  const owner = (symbol.valueDeclaration ?? symbol.declarations?.[0])?.parent;
  if (!owner || !ts.isClassLike(owner)) return false;
  return owner.members.some((m) => fieldDecoratorOf(converter, m) !== undefined);
}

/**
 * The object schema of an interface, class, type literal or mapped type: its data properties
 * (for a class with `@Field` declarations, only those: the wire binds nothing else) and its
 * index signature as `additional`.
 */
export function objectTypeSchema(scope: Scope, type: ts.ObjectType): SchemaModel {
  const { converter } = scope;
  const { checker } = converter;
  const symbols = checker
    .getPropertiesOfType(type)
    .filter((s) => isDataProperty(s) && !alwaysAbsent(s, checker));
  const index = checker.getIndexInfosOfType(type)[0];
  if (symbols.length === 0 && !index && type.getCallSignatures().length > 0) {
    return unsupported(scope, type, 'function');
  }
  const declared = (s: ts.Symbol) =>
    fieldDecoratorOf(converter, s.valueDeclaration ?? s.declarations?.[0]) !== undefined;
  const usesFields = symbols.some(declared);
  // In `A & B`, each member's own rule: a class's @Field declarations, every member of the rest.
  const kept = type.isIntersection()
    ? (s: ts.Symbol) => declared(s) || !ownerDeclaresFields(converter, s)
    : (s: ts.Symbol) => !usesFields || declared(s);
  const properties = symbols.filter(kept).map((s) => propertyModel(scope, s));
  const additional = index && innerSchemaOf(scope, index.type);
  // A number or template literal key (`{ [n: number]: T }`): additionalProperties cannot say it.
  const narrowKeys = index !== undefined && !(index.keyType.flags & ts.TypeFlags.String);
  // The runtime binds and writes exactly the @Field declarations of a class, nothing else; with a
  // contract, exactly the members of every object type.
  const bound = usesFields || converter.typesAreContract;
  const closed = bound && !additional && converter.refusesUnknownFields;
  return {
    kind: 'object',
    properties,
    ...(additional ? { additional } : {}),
    ...(narrowKeys ? { narrowKeys } : {}),
    ...(closed ? { closed } : {}),
    ...(usesFields ? { declaredFields: true } : {}),
  };
}
