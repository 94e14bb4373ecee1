import { ts } from 'ts-morph';
import { DATE_SCHEMA, type SchemaModel } from '../schema-model';
import { innerSchemaOf, isLibrarySymbol, type Scope, unsupported } from './converter';

/** Arrays, tuples and `Date`; other classes of the default library have no JSON form. */
export function libraryObjectSchema(scope: Scope, type: ts.ObjectType): SchemaModel | undefined {
  const { converter } = scope;
  const { checker } = converter;
  if (checker.isArrayType(type)) {
    const [items] = checker.getTypeArguments(type as ts.TypeReference);
    return { kind: 'array', items: innerSchemaOf(scope, items!) };
  }
  if (checker.isTupleType(type)) return tupleSchema(scope, type as ts.TupleTypeReference);
  const symbol = type.getSymbol();
  if (!isLibrarySymbol(converter, symbol)) return undefined;
  if (symbol?.name === 'Date') return DATE_SCHEMA;
  if (symbol && symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
    return unsupported(scope, type, 'builtIn', insteadOfBuiltIn(scope, type, symbol.name));
  }
  return undefined;
}

/** Bytes: a `Buffer`, a typed array, an `ArrayBuffer`, a `DataView`, a `Blob`. */
const BYTES =
  /^(Buffer|(Big)?(Int|Uint|Float)\d+(Clamped)?Array|(Shared)?ArrayBuffer|DataView|Blob)$/;

/**
 * What to write instead of a built-in class: a record for a map, an array for a set, a string
 * for bytes or a URL.
 */
function insteadOfBuiltIn(scope: Scope, type: ts.ObjectType, name: string): string | undefined {
  if (name === 'URL') return 'write string, with a JSDoc @format uri, which is checked';
  if (BYTES.test(name)) {
    return 'write string and send the bytes as text (base64, say), or number[] of the bytes';
  }
  const { checker } = scope.converter;
  const args = checker
    .getTypeArguments(type as ts.TypeReference)
    .map((t) => checker.typeToString(t));
  if (/Map$/.test(name) && args.length === 2)
    return `write Record<string, ${args[1]}>, an object of keys`;
  if (/Set$/.test(name) && args.length === 1) return `write an array, ${args[0]}[]`;
  return undefined;
}

function tupleSchema(scope: Scope, type: ts.TupleTypeReference): SchemaModel {
  const flags = type.target.elementFlags;
  const elements = scope.converter.checker.getTypeArguments(type);
  const variable = flags.findIndex((f) => f & ts.ElementFlags.Variable);
  if (variable >= 0 && variable !== flags.length - 1) {
    return unsupported(scope, type, 'restNotLast');
  }
  const items: SchemaModel[] = [];
  let rest: SchemaModel | undefined;
  elements.forEach((element, i) => {
    const schema = innerSchemaOf(scope, element);
    if (i === variable) rest = schema;
    else items.push(schema);
  });
  const minItems = flags.filter((f) => f & ts.ElementFlags.Required).length;
  return { kind: 'tuple', items, minItems, ...(rest ? { rest } : {}) };
}
