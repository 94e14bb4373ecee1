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
 * Whether a `params` or `returns` entry, or a `@Field` type, states another JSON type than the
 * parameter, result or member is written with (`params: [Number]` over `(d: Day)`, `returns: [Number]` over `(): Day[]`): an error
 * with a contract and a warning without, at the parameter or method. The entry alone is described
 * then, without the written alias's JSDoc tags (`@format date`), which are not for its type;
 * where the two agree, the entry takes them (docs/design-contract.md).
 */
export function statedTypeDisagrees(
  converter: Converter,
  declaration: ts.ParameterDeclaration | ts.MethodDeclaration | ts.PropertyDeclaration,
  { stated, type, site }: { stated: SchemaModel; type: ts.Type | undefined; site: Site },
): boolean {
  const entry = familyOfSchema(stated);
  const written = type && familyOfType(converter.checker, type);
  if (!entry || !written || entry === written) return false;
  const writtenText = declaration.type?.getText();
  const text = writtenText && writtenText !== written ? `${writtenText}, a ${written}` : written;
  const words = wordsOf(declaration);
  converter.report({
    severity: converter.typesAreContract ? 'error' : 'warning',
    message: `${site.label}: ${words.entry} states a ${entry}, but ${words.subject} written as ${text}; the document and the runtime follow ${words.entry.replace('its', 'the')}, and the written type's JSDoc tags are left out: make the two agree, or ${words.drop}`,
    location: locationOf(declaration),
  });
  return true;
}

/** How a finding names the entry that states the type, and its fix. */
function wordsOf(declaration: ts.Node) {
  if (ts.isParameter(declaration)) {
    return { entry: 'its params entry', subject: 'it is', drop: 'drop the params option' };
  }
  if (ts.isMethodDeclaration(declaration)) {
    return {
      entry: 'its returns entry',
      subject: 'its result is',
      drop: 'drop the returns option',
    };
  }
  return { entry: 'its @Field type', subject: 'it is', drop: 'write @Field() without a type' };
}
