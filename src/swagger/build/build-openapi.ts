import { type ApiModel, type OperationModel, type SchemaModel } from '../model';
import {
  ERROR_DETAIL,
  ERROR_ENVELOPE,
  ERROR_RESPONSES,
  HEADER_PARAMETERS,
  operationHead,
  pathOf,
  successOf,
  WIRE_DESCRIPTION,
} from '../protocol';
import { type DocumentInfo } from './build-spec';
import { type Json, renderSchema, schemaRef } from './render-schema';
import { libANameOf, lookupOf, nameXmlElements } from './xml-names';

type Lookup = ReturnType<typeof lookupOf>;

/**
 * JSON as libB sends it, or wrapped in the libA name as libAParamArrayJsonInOutSequence sends it;
 * XML as the schema's xml names say.
 */
function contentOf(schema: SchemaModel, lookup: Lookup): Json {
  const rendered = renderSchema(schema, 'openapi31');
  const name = libANameOf(schema, lookup);
  const wrapped = name && {
    title: 'libAParamArrayJsonInOutSequence',
    type: 'object',
    properties: { [name]: rendered },
    required: [name],
    additionalProperties: false,
  };
  const json = wrapped ? { anyOf: [rendered, wrapped] } : rendered;
  return { 'application/json': { schema: json }, 'application/xml': { schema: rendered } };
}

function operationOf(op: OperationModel, lookup: Lookup): Json {
  const { status, description } = successOf(op);
  const success =
    op.result === 'void' ? { description } : { description, content: contentOf(op.result, lookup) };
  return {
    ...operationHead(op),
    parameters: HEADER_PARAMETERS.map((h) => ({ $ref: `#/components/parameters/${h.name}` })),
    requestBody: {
      required: op.body.required,
      ...(op.body.description ? { description: op.body.description } : {}),
      content: contentOf(op.body.schema, lookup),
    },
    responses: {
      [status]: success,
      ...Object.fromEntries(
        ERROR_RESPONSES.map((e) => [e.status, { $ref: `#/components/responses/${e.key}` }]),
      ),
    },
  };
}

function componentsOf(model: ApiModel): Json {
  const schemas = [...model.schemas, ERROR_DETAIL, ERROR_ENVELOPE];
  const parameters = HEADER_PARAMETERS.map((h) => [
    h.name,
    {
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: {
        type: 'string',
        ...(h.enum ? { enum: [...h.enum] } : {}),
        ...(h.pattern ? { pattern: h.pattern } : {}),
        ...(h.maxLength ? { maxLength: h.maxLength } : {}),
      },
    },
  ]);
  const error = {
    'application/json': { schema: { $ref: schemaRef(ERROR_ENVELOPE.name, 'openapi31') } },
    'application/xml': { schema: { $ref: schemaRef(ERROR_DETAIL.name, 'openapi31') } },
  };
  return {
    schemas: Object.fromEntries(schemas.map((s) => [s.name, renderSchema(s.schema, 'openapi31')])),
    parameters: Object.fromEntries(parameters),
    responses: Object.fromEntries(
      ERROR_RESPONSES.map((e) => [e.key, { description: e.description, content: error }]),
    ),
  };
}

/** Builds the OpenAPI 3.1 document of the same model that {@link buildSwagger2} describes. */
export function buildOpenApi31(source: ApiModel, info: DocumentInfo): Json {
  const model = nameXmlElements(source);
  const lookup = lookupOf(model);
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: WIRE_DESCRIPTION },
    ...(info.baseUrl ? { servers: [{ url: info.baseUrl }] } : {}),
    tags: model.tags.map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
    })),
    paths: Object.fromEntries(
      model.operations.map((op) => [pathOf(op), { post: operationOf(op, lookup) }]),
    ),
    components: componentsOf(model),
  };
}
