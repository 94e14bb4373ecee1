import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { withAliasTags } from './operation-body';
import { locationOf } from './source-text';

/** The JSON type of a primitive schema or type: `string`, `number` or `boolean`. */
function familyOfSchema(schema: SchemaModel): string | undefined {
  if (schema.kind !== 'primitive' && schema.kind !== 'enum') return undefined;
  return schema.type === 'integer' ? 'number' : schema.type;
}

function familyOfType(type: ts.Type): string | undefined {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  return undefined;
}

/**
 * The result a `returns` entry states, with the JSDoc tags of the type alias the method's result
 * is written with (`returns: String` over `(): Day`), as a parameter's under `params`; where the
 * entry states another JSON type than the written one (`returns: Number` over `Day`), an error
 * with a contract and a warning without, at the method, and the entry alone.
 */
export function statedResultOf(
  converter: Converter,
  method: ts.MethodDeclaration,
  { stated, type, site }: { stated: SchemaModel; type: ts.Type | undefined; site: Site },
): SchemaModel {
  const entry = familyOfSchema(stated);
  const written = type && familyOfType(type);
  if (!entry || !written || entry === written) {
    return withAliasTags(converter, method, { schema: stated, site });
  }
  const text = method.type ? `${method.type.getText()}, a ${written}` : `a ${written}`;
  converter.report({
    severity: converter.typesAreContract ? 'error' : 'warning',
    message: `${site.label}: its returns entry states a ${entry}, but its result is written as ${text}; the document and the runtime follow the entry, and the written type's JSDoc tags are left out: make the two agree, or drop the returns option`,
    location: locationOf(method),
  });
  return stated;
}
