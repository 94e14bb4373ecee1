import { type OperationModel } from '../model';
import { type SchemaModel } from '../schema-model';
import { type Json } from './dialect';
import { renderSchema } from './render-schema';
import { libANameOf, libBNameOf, type lookupOf } from './xml-names';

type Lookup = ReturnType<typeof lookupOf>;

/**
 * JSON as libB sends it, or wrapped in the libA name as libAParamArrayJsonInOutSequence sends it;
 * XML as the schema's xml names say.
 */
export function contentOf(schema: SchemaModel, lookup: Lookup, rmc = false): Json {
  const rendered = renderSchema(schema, 'openapi31');
  const wrapped = libAJsonOf(schema, lookup, rmc);
  const json = wrapped
    ? { anyOf: [rendered, { title: 'libAParamArrayJsonInOutSequence', ...wrapped }] }
    : rendered;
  return { 'application/json': { schema: json }, 'application/xml': { schema: rendered } };
}

/** A value as libA JSON sends it: `{"<name>": value}`; for RMC, each argument so wrapped. */
function libAJsonOf(schema: SchemaModel, lookup: Lookup, rmc = false): Json | undefined {
  if (rmc && schema.kind === 'tuple') {
    const items = schema.items.map((item) => libAJsonOf(item, lookup) ?? {});
    // As renderTuple: `items` past a full prefix constrains nothing and gives samplers the order.
    return {
      type: 'array',
      ...(items.length > 0 ? { prefixItems: items } : {}),
      items: items.length > 0 ? { anyOf: items } : false,
      // Optional parameters may be left out at the end, as in libB's array.
      minItems: schema.minItems,
      maxItems: items.length,
    };
  }
  const name = libANameOf(schema, lookup);
  if (!name) return undefined;
  const rendered = renderSchema(schema, 'openapi31');
  // libA also reads a class by its own name where it has an alias (`MulInput`, `MulInput-array`).
  const other = libBNameOf(schema, lookup);
  if (other && other !== name) {
    return {
      type: 'object',
      properties: { [name]: rendered, [other]: rendered },
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: false,
    };
  }
  return {
    type: 'object',
    properties: { [name]: rendered },
    required: [name],
    additionalProperties: false,
  };
}

/**
 * An RMC body in XML: `paramArray` with a child element per argument, each named as the root of
 * its type (`<int>`, `<lineItem-array>`). It is described as an object whose properties `0`,
 * `1`, … are the arguments in order, each with its element name: the shape OpenAPI's XML object
 * gives child elements, and one that Swagger UI samples (it samples no `prefixItems`). Keys that
 * are integers keep their order in every JSON object, sorted or not.
 */
function paramArrayXml(schema: Extract<SchemaModel, { kind: 'tuple' }>): Json {
  const keys = schema.items.map((_, i) => String(i));
  const properties = schema.items.map((item, i) => [keys[i], renderSchema(item, 'openapi31')]);
  return {
    type: 'object',
    description:
      'The arguments as the child elements of paramArray, in parameter order; each is named as the root of its type (the properties 0, 1, … are positions and do not travel).',
    ...(keys.length > 0
      ? { properties: Object.fromEntries(properties), required: keys.slice(0, schema.minItems) }
      : {}),
    additionalProperties: false,
    xml: { name: schema.xmlName ?? 'paramArray' },
  };
}

/** The request body of an operation: an RMC argument array is `paramArray` in XML. */
export function bodyContentOf(op: OperationModel, lookup: Lookup): Json {
  const schema = op.body.schema;
  const content = contentOf(schema, lookup, op.mode === 'RMC');
  if (op.mode !== 'RMC' || schema.kind !== 'tuple') return content;
  return { ...content, 'application/xml': { schema: paramArrayXml(schema) } };
}
