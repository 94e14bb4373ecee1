import {
  CONSTRAINT_NAMES,
  CONSTRAINTS,
  type ConstraintEntry,
} from '../../decorators/constraint-table';
import { type SchemaModel } from '../schema-model';
import { type Dialect, type Json } from './dialect';

/** The constraints that both dialects write as they are; the others are exclusive bounds. */
const PLAIN_KEYS = CONSTRAINT_NAMES.filter(
  (name) => !(CONSTRAINTS[name] as ConstraintEntry).draft4,
);
const EXCLUSIVE_KEYS = CONSTRAINT_NAMES.filter(
  (name) => (CONSTRAINTS[name] as ConstraintEntry).draft4,
);

/**
 * The limits of a schema. OpenAPI 3.1 takes JSON Schema's numeric exclusive bounds; Swagger 2.0
 * (draft 4) writes an exclusive bound as `minimum` with `exclusiveMinimum: true`, where it is the
 * tighter of the two.
 */
function renderConstraints(schema: SchemaModel, dialect: Dialect): Json {
  const out: Json = {};
  for (const key of PLAIN_KEYS) if (schema[key] !== undefined) out[key] = schema[key];
  for (const exclusive of EXCLUSIVE_KEYS) {
    const value = schema[exclusive] as number | undefined;
    if (value === undefined) continue;
    if (dialect === 'openapi31') {
      out[exclusive] = value;
      continue;
    }
    const inclusive = (CONSTRAINTS[exclusive] as ConstraintEntry).draft4 as string;
    const current = out[inclusive] as number | undefined;
    const tighter =
      inclusive === 'minimum' ? value >= (current ?? value) : value <= (current ?? value);
    if (current === undefined || tighter) {
      out[inclusive] = value;
      out[exclusive] = true;
    }
  }
  return out;
}

function renderExtras(schema: SchemaModel, dialect: Dialect): Json {
  const example =
    schema.example === undefined
      ? {}
      : dialect === 'openapi31'
        ? { examples: [schema.example] }
        : { example: schema.example };
  const deprecated = !schema.deprecated
    ? {}
    : dialect === 'openapi31'
      ? { deprecated: true }
      : { 'x-deprecated': true };
  return { ...renderConstraints(schema, dialect), ...example, ...deprecated };
}

/**
 * The annotations of a schema beside its type (limits, sample, description, XML name, null),
 * each written as `dialect` names it; `core` is the rendered type, whose `xml` a name joins.
 */
export function renderNotes(schema: SchemaModel, core: Json, dialect: Dialect): Json {
  return {
    ...renderExtras(schema, dialect),
    ...(schema.description ? { description: schema.description } : {}),
    ...(schema.readOnly ? { readOnly: true } : {}),
    ...(schema.xmlName ? { xml: { ...(core.xml as Json), name: schema.xmlName } } : {}),
    ...(schema.libBXmlName ? { 'x-libB-xml-name': schema.libBXmlName } : {}),
    ...(schema.nullable && dialect === 'swagger2' ? { 'x-nullable': true } : {}),
  };
}
