import { ts } from 'ts-morph';
import { type SchemaNotes, toSchemaName } from '../schema-model';
import { argumentName } from './argument-names';
import { type Converter, isLibrarySymbol, type Site } from './converter';
import { porticoDecorators } from './portico-symbols';
import { type NamedType } from './schema-registry';
import { docOf, locationOf, stringLiteralOf } from './source-text';
import { userAlias } from './unattached-aliases';

/** A type that gets a schema of its own, with what the registry and the schema need. */
export interface NamedInfo {
  readonly type: NamedType;
  readonly declaration: ts.Node;
  /** The name, for messages about the type's fields. */
  readonly label: string;
  readonly notes: SchemaNotes;
}

/** The type arguments of an instantiated generic class or interface (`Page<User>` → `[User]`). */
export function referenceArguments(checker: ts.TypeChecker, type: ts.Type): readonly ts.Type[] {
  const ref = type as ts.TypeReference;
  if (!(ref.objectFlags & ts.ObjectFlags.Reference) || ref.target === ref) return [];
  // Class references carry their `this` type as a last, hidden argument.
  const declared = ref.target.typeParameters?.length ?? 0;
  return checker.getTypeArguments(ref).slice(0, declared);
}

/** A readable piece of a generic instantiation's name: `User`, `Array_User`, `String`. */
export function fragmentOf(converter: Converter, type: ts.Type, depth = 0): string {
  const { checker } = converter;
  const alias = userAlias(converter, type);
  if (alias)
    return baseName(converter, argumentName(converter, alias), type.aliasTypeArguments ?? []);
  if (type.isStringLiteral() || type.isNumberLiteral()) return String(type.value);
  if (type.flags & ts.TypeFlags.StringLike) return 'String';
  if (type.flags & ts.TypeFlags.NumberLike) return 'Number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'Boolean';
  if (type.flags & ts.TypeFlags.Null) return 'Null';
  if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) return 'Void';
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return `Array_${fragmentOf(converter, item!, depth)}`;
  }
  if (type.isUnion()) return type.types.map((t) => fragmentOf(converter, t, depth)).join('_Or_');
  const symbol = type.getSymbol();
  if (symbol && symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
    return baseName(converter, argumentName(converter, symbol), referenceArguments(checker, type));
  }
  return literalFragmentOf(converter, type, depth);
}

/** How deep the members of anonymous object types name an instantiation (`Page_Object_d_String`). */
const LITERAL_NAME_DEPTH = 2;

/**
 * `Object`, with the members of a type literal (`{ d: string; e?: number }` is
 * `Object_d_String_e_Optional_Number`): two literals given to one generic get names of their own,
 * whichever the generator meets first.
 */
function literalFragmentOf(converter: Converter, type: ts.Type, depth: number): string {
  const { checker } = converter;
  const anonymous = (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Anonymous;
  if (!(type.flags & ts.TypeFlags.Object) || !anonymous || depth >= LITERAL_NAME_DEPTH) {
    return 'Object';
  }
  const members = checker.getPropertiesOfType(type).map((member) => {
    const optional = member.flags & ts.SymbolFlags.Optional ? '_Optional' : '';
    const memberType = checker.getNonNullableType(checker.getTypeOfSymbol(member));
    return `${member.name}${optional}_${fragmentOf(converter, memberType, depth + 1)}`;
  });
  return ['Object', ...members].join('_');
}

function baseName(converter: Converter, name: string, args: readonly ts.Type[]): string {
  return [name, ...args.map((arg) => fragmentOf(converter, arg))].join('_');
}

function aliasOfClass(converter: Converter, declaration: ts.Node): string | undefined {
  const alias = porticoDecorators(declaration, converter).find((d) => d.name === 'Alias');
  return stringLiteralOf(alias?.args[0]);
}

function isExported(declaration: ts.Declaration): boolean {
  return (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Export) !== 0;
}

/** The symbol that names a type (a class, interface, enum or alias) and its type arguments. */
interface TypeName {
  readonly symbol: ts.Symbol;
  readonly args: readonly ts.Type[];
}

function describe(
  converter: Converter,
  type: ts.Type,
  { symbol, args }: TypeName,
): NamedInfo | undefined {
  const declaration = symbol.declarations?.[0];
  if (!declaration) return undefined;
  const name = toSchemaName(baseName(converter, symbol.name, args));
  const description = docOf(symbol, converter.checker);
  // libA names a class by its alias, else its class name; libB always by its class name.
  const isClass = ts.isClassDeclaration(declaration);
  const alias = isClass ? aliasOfClass(converter, declaration) : undefined;
  const xmlName = isClass ? (alias ?? symbol.name) : undefined;
  const libBXmlName = alias !== undefined && alias !== symbol.name ? symbol.name : undefined;
  return {
    type: {
      key: type,
      name,
      owner: { location: locationOf(ts.getNameOfDeclaration(declaration) ?? declaration) },
      ...(isClass && isExported(declaration)
        ? { exportedClass: { file: declaration.getSourceFile().fileName, name: symbol.name } }
        : {}),
    },
    declaration,
    label: name,
    notes: {
      ...(description ? { description } : {}),
      ...(xmlName ? { xmlName } : {}),
      ...(libBXmlName ? { libBXmlName } : {}),
    },
  };
}

/**
 * Whether `type` gets a schema of its own: declared interfaces, classes, enums and type aliases
 * of the project (and their generic instantiations) do; anonymous and built-in types do not.
 */
export function namedTypeOf(
  converter: Converter,
  type: ts.Type,
  site?: Site,
): NamedInfo | undefined {
  const alias = userAlias(converter, type, site);
  if (alias) {
    return describe(converter, type, { symbol: alias, args: type.aliasTypeArguments ?? [] });
  }
  const symbol = type.getSymbol();
  if (!symbol || isLibrarySymbol(converter, symbol)) return undefined;
  const named =
    (type.flags & ts.TypeFlags.Object &&
      symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) ||
    (type.flags & ts.TypeFlags.EnumLiteral && type.isUnion());
  if (!named) return undefined;
  return describe(converter, type, { symbol, args: referenceArguments(converter.checker, type) });
}
