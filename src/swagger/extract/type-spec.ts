import { ts } from 'ts-morph';
import { DATE_SCHEMA, type SchemaModel } from '../schema-model';
import { type Converter, isLibrarySymbol, type Site } from './converter';
import { enumSymbolOf, oneOfArgument, oneOfValues } from './field-facts';
import { literalEnums } from './literal-schema';
import { porticoExportOf, resolveSymbol } from './portico-symbols';
import { locationOf, stringLiteralOf } from './source-text';

const GLOBAL_SPECS: Record<string, SchemaModel> = {
  Number: { kind: 'primitive', type: 'number' },
  String: { kind: 'primitive', type: 'string' },
  Boolean: { kind: 'primitive', type: 'boolean' },
  Date: DATE_SCHEMA,
};

/** The schema of `OneOf(argument)`: the enum's own schema, or the literals as an enum. */
function oneOfSchema(converter: Converter, argument: ts.Expression, site: Site): SchemaModel {
  const { checker } = converter;
  const symbol = enumSymbolOf(argument, checker);
  if (symbol) return converter.schemaOf(checker.getDeclaredTypeOfSymbol(symbol), site, 0);
  const values = oneOfValues(argument, checker);
  if (values) {
    const enums = literalEnums(values);
    return enums.length === 1 ? enums[0]! : { kind: 'union', members: enums };
  }
  const text = argument.getText();
  converter.report({
    severity: 'warning',
    message: `${site.label}: OneOf(${text}) takes an enum or a constant list of literals (\`as const\`); it is marked x-unsupported-type in the document`,
    location: locationOf(argument),
  });
  return { kind: 'unsupported', typeText: `OneOf(${text})` };
}

/**
 * The schema of a type spec written in a decorator (`Int`, `String`, `MulInput`, `[Item]`), the
 * way the runtime reads it; `'void'` for `returns: 'void'`.
 */
export function schemaOfSpec(
  converter: Converter,
  spec: ts.Expression,
  site: Site,
): SchemaModel | 'void' {
  if (stringLiteralOf(spec) === 'void') return 'void';
  if (ts.isArrayLiteralExpression(spec) && spec.elements.length === 1) {
    const items = schemaOfSpec(converter, spec.elements[0]!, site);
    if (items !== 'void') return { kind: 'array', items };
  }
  const argument = oneOfArgument(spec, converter);
  if (argument) return oneOfSchema(converter, argument, site);
  const exported = porticoExportOf(spec, converter);
  if (exported === 'Int') return { kind: 'primitive', type: 'integer' };
  if (exported === 'Double') return { kind: 'primitive', type: 'number' };
  const symbol = resolveSymbol(spec, converter.checker);
  const global = symbol && isLibrarySymbol(converter, symbol) && GLOBAL_SPECS[symbol.name];
  if (global) return global;
  if (symbol && symbol.flags & ts.SymbolFlags.Class) {
    const type = converter.checker.getDeclaredTypeOfSymbol(symbol);
    return converter.schemaOf(type, site, 0);
  }
  const text = spec.getText();
  converter.report({
    severity: 'warning',
    message: `${site.label}: \`${text}\` is not a type spec (Int, Number, String, Boolean, Date, a class, OneOf(…) or [spec]); it is marked x-unsupported-type in the document`,
    location: locationOf(spec),
  });
  return { kind: 'unsupported', typeText: text };
}
