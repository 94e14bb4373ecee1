import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/** The JSON type of a primitive schema, or of an array's items: `string`, `number[]`. */
function familyOfSchema(schema: SchemaModel): string | undefined {
  if (schema.kind === 'array') {
    const items = familyOfSchema(schema.items);
    return items && `${items}[]`;
  }
  if (schema.kind !== 'primitive' && schema.kind !== 'enum') return undefined;
  return schema.type === 'integer' ? 'number' : schema.type;
}

/** The JSON type of a type, `null` and `undefined` aside, or of an array's items. */
function familyOfType(checker: ts.TypeChecker, written: ts.Type): string | undefined {
  const type = checker.getNonNullableType(written);
  if (checker.isArrayType(type)) {
    const [items] = checker.getTypeArguments(type as ts.TypeReference);
    const family = items && familyOfType(checker, items);
    return family && `${family}[]`;
  }
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  return undefined;
}

/**
 * Whether a `params` or `returns` entry states another JSON type than the parameter or result is
 * written with (`params: [Number]` over `(d: Day)`, `returns: [Number]` over `(): Day[]`): an error
 * with a contract and a warning without, at the parameter or method. The entry alone is described
 * then, without the written alias's JSDoc tags (`@format date`), which are not for its type;
 * where the two agree, the entry takes them (docs/design-contract.md).
 */
export function statedTypeDisagrees(
  converter: Converter,
  declaration: ts.ParameterDeclaration | ts.MethodDeclaration,
  { stated, type, site }: { stated: SchemaModel; type: ts.Type | undefined; site: Site },
): boolean {
  const entry = familyOfSchema(stated);
  const written = type && familyOfType(converter.checker, type);
  if (!entry || !written || entry === written) return false;
  const text = declaration.type ? `${declaration.type.getText()}, a ${written}` : `a ${written}`;
  const [option, subject] = ts.isParameter(declaration)
    ? ['params', 'it is']
    : ['returns', 'its result is'];
  converter.report({
    severity: converter.typesAreContract ? 'error' : 'warning',
    message: `${site.label}: its ${option} entry states a ${entry}, but ${subject} written as ${text}; the document and the runtime follow the entry, and the written type's JSDoc tags are left out: make the two agree, or drop the ${option} option`,
    location: locationOf(declaration),
  });
  return true;
}
