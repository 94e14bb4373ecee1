import { type SchemaModel } from '../schema-model';
import { type Dialect, type Json, schemaRef } from './dialect';
import { renderNotes } from './render-notes';
import { withSafeBounds } from './safe-bounds';

/** How XML carries a record: an element per key, its key as text (docs/wire-protocol.md). */
const XML_ENTRIES = { entry: 'entry', key: 'key', value: 'value' } as const;

function renderObject(schema: Extract<SchemaModel, { kind: 'object' }>, dialect: Dialect): Json {
  const required = schema.properties.filter((p) => p.required).map((p) => p.name);
  const properties = schema.properties.map((p) => [p.name, renderSchema(p.schema, dialect)]);
  return {
    type: 'object',
    ...(properties.length ? { properties: Object.fromEntries(properties) } : {}),
    ...(required.length ? { required } : {}),
    ...(schema.additional
      ? { additionalProperties: renderSchema(schema.additional, dialect) }
      : {}),
    ...(schema.additional && properties.length === 0 ? { 'x-portico-xml': XML_ENTRIES } : {}),
    ...(schema.closed ? { additionalProperties: false } : {}),
  };
}

function renderTuple(schema: Extract<SchemaModel, { kind: 'tuple' }>, dialect: Dialect): Json {
  const prefix = schema.items.map((item) => renderSchema(item, dialect));
  const rest = schema.rest && renderSchema(schema.rest, dialect);
  const bounds = {
    minItems: schema.minItems,
    ...(rest ? {} : { maxItems: prefix.length }),
    xml: { wrapped: true },
  };
  if (dialect === 'openapi31') {
    // Past the prefix, no item is allowed: maxItems says so where there is no rest. `items` then
    // constrains nothing, and as the prefix's anyOf it gives samplers such as Swagger UI's (which
    // sample no prefixItems) one value per position, in order.
    // 2020-12 wants prefixItems non-empty: an empty tuple (a method without parameters) has none.
    const items = rest ?? (prefix.length > 0 ? { anyOf: prefix } : false);
    return {
      type: 'array',
      ...(prefix.length > 0 ? { prefixItems: prefix } : {}),
      items,
      ...bounds,
    };
  }
  // Swagger 2.0 has no positional items: one schema for every element, positions as extension.
  const all = [...prefix, ...(rest ? [rest] : [])];
  const distinct = [...new Map(all.map((s) => [JSON.stringify(s), s])).values()];
  const items = distinct.length === 1 ? distinct[0] : { 'x-anyOf': distinct };
  return { type: 'array', items, 'x-prefixItems': prefix, ...bounds };
}

/**
 * A discriminated union: `oneOf` with OpenAPI's `discriminator` and its mapping (union-members.ts
 * names every member first); Swagger 2.0's own `discriminator` needs inheritance, so there both
 * are extensions. OpenAPI's discriminator takes strings only: members told apart by a boolean or
 * number (`ok: true`) are a `oneOf` alone, each member's literal excluding the others.
 */
function renderOneOf(schema: Extract<SchemaModel, { kind: 'union' }>, dialect: Dialect): Json {
  const { members, discriminator } = schema;
  const rendered = members.map((m) => renderSchema(m, dialect));
  if (discriminator!.tagType) {
    return dialect === 'openapi31'
      ? { type: 'object', oneOf: rendered }
      : { type: 'object', 'x-oneOf': rendered };
  }
  const refs = members.map((m) => (m.kind === 'ref' ? schemaRef(m.name, dialect) : undefined));
  const mapping = Object.entries(discriminator!.mapping).map(([value, i]) => [value, refs[i]]);
  const described = {
    propertyName: discriminator!.propertyName,
    ...(refs.every(Boolean) ? { mapping: Object.fromEntries(mapping) } : {}),
  };
  if (dialect === 'openapi31') return { type: 'object', oneOf: rendered, discriminator: described };
  return { type: 'object', 'x-oneOf': rendered, 'x-discriminator': described };
}

function renderUnion(schema: Extract<SchemaModel, { kind: 'union' }>, dialect: Dialect): Json {
  if (schema.discriminator) return renderOneOf(schema, dialect);
  const rendered = schema.members.map((m) => renderSchema(m, dialect));
  if (dialect === 'openapi31') return { anyOf: rendered };
  // Swagger 2.0 has no anyOf: the members go in an extension, with their JSON type if shared.
  const types = new Set(rendered.map((r) => r.type));
  const [type] = types;
  return { 'x-anyOf': rendered, ...(types.size === 1 && typeof type === 'string' ? { type } : {}) };
}

function renderCore(schema: SchemaModel, dialect: Dialect): Json {
  switch (schema.kind) {
    case 'primitive':
      return { type: schema.type, ...(schema.format ? { format: schema.format } : {}) };
    case 'enum':
      return {
        type: schema.type,
        enum: [...schema.values],
        ...(schema.names ? { 'x-enum-varnames': [...schema.names] } : {}),
      };
    case 'ref':
      return { $ref: schemaRef(schema.name, dialect) };
    case 'array':
      // Both families write an array as one element holding an element per item.
      return { type: 'array', items: renderSchema(schema.items, dialect), xml: { wrapped: true } };
    case 'tuple':
      return renderTuple(schema, dialect);
    case 'object':
      return renderObject(schema, dialect);
    case 'union':
      return renderUnion(schema, dialect);
    case 'intersection':
      return { allOf: schema.members.map((m) => renderSchema(m, dialect)) };
    case 'unsupported':
      return { 'x-unsupported-type': schema.typeText };
  }
}

function nullable31(core: Json): Json {
  if (typeof core.type === 'string' && core.$ref === undefined && core.oneOf === undefined) {
    const withNull = { ...core, type: [core.type, 'null'] };
    return Array.isArray(core.enum) ? { ...withNull, enum: [...core.enum, null] } : withNull;
  }
  return { anyOf: [core, { type: 'null' }] };
}

/** The JSON Schema of a model type in the given dialect. */
export function renderSchema(model: SchemaModel, dialect: Dialect): Json {
  const schema = withSafeBounds(model);
  let core = renderCore(schema, dialect);
  if (schema.nullable && dialect === 'openapi31') core = nullable31(core);
  const notes = renderNotes(schema, core, dialect);
  if (Object.keys(notes).length === 0) return core;
  // In Swagger 2.0 the siblings of a $ref are ignored, so a noted reference goes in an allOf.
  if (core.$ref !== undefined && dialect === 'swagger2') return { allOf: [core], ...notes };
  return { ...core, ...notes };
}
