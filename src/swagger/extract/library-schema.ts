import { ts } from 'ts-morph';
import { type SchemaModel } from '../model';
import { type Converter, isLibrarySymbol, type Site, unsupported } from './converter';

/** Arrays, tuples and `Date`; other classes of the default library have no JSON form. */
export function libraryObjectSchema(
  converter: Converter,
  type: ts.ObjectType,
  site: Site,
  depth: number,
): SchemaModel | undefined {
  const { checker } = converter;
  if (checker.isArrayType(type)) {
    const [items] = checker.getTypeArguments(type as ts.TypeReference);
    return { kind: 'array', items: converter.schemaOf(items!, site, depth + 1) };
  }
  if (checker.isTupleType(type))
    return tupleSchema(converter, type as ts.TupleTypeReference, site, depth);
  const symbol = type.getSymbol();
  if (!isLibrarySymbol(converter, symbol)) return undefined;
  if (symbol?.name === 'Date') return { kind: 'primitive', type: 'string', format: 'date-time' };
  if (symbol && symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) {
    return unsupported(converter, type, site, 'is a built-in class with no JSON form');
  }
  return undefined;
}

function tupleSchema(
  converter: Converter,
  type: ts.TupleTypeReference,
  site: Site,
  depth: number,
): SchemaModel {
  const flags = type.target.elementFlags;
  const elements = converter.checker.getTypeArguments(type);
  const variable = flags.findIndex((f) => f & ts.ElementFlags.Variable);
  if (variable >= 0 && variable !== flags.length - 1) {
    return unsupported(converter, type, site, 'has a rest element before its last position');
  }
  const items: SchemaModel[] = [];
  let rest: SchemaModel | undefined;
  elements.forEach((element, i) => {
    const schema = converter.schemaOf(element, site, depth + 1);
    if (i === variable) rest = schema;
    else items.push(schema);
  });
  const minItems = flags.filter((f) => f & ts.ElementFlags.Required).length;
  return { kind: 'tuple', items, minItems, ...(rest ? { rest } : {}) };
}
