import { type ApiModel, type OperationModel, type SchemaModel } from '../model';
import {
  ERROR_DETAIL,
  ERROR_ENVELOPE,
  ERROR_RESPONSES,
  HEADER_PARAMETERS,
  type HeaderParameter,
  pathOf,
  WIRE_DESCRIPTION,
} from '../protocol';
import { type DocumentInfo } from './build-spec';
import { operationErrorsOf, operationHead, RMC_API_ID, successOf } from './operation-parts';
import { type Json, renderSchema, schemaRef } from './render-schema';
import { libANameOf, lookupOf, nameXmlElements } from './xml-names';

type Lookup = ReturnType<typeof lookupOf>;

/**
 * JSON as libB sends it, or wrapped in the libA name as libAParamArrayJsonInOutSequence sends it;
 * XML as the schema's xml names say.
 */
function contentOf(schema: SchemaModel, lookup: Lookup): Json {
  const rendered = renderSchema(schema, 'openapi31');
  const wrapped = libAJsonOf(schema, lookup);
  const json = wrapped
    ? { anyOf: [rendered, { title: 'libAParamArrayJsonInOutSequence', ...wrapped }] }
    : rendered;
  return { 'application/json': { schema: json }, 'application/xml': { schema: rendered } };
}

/** A value as libA JSON sends it: `{"<name>": value}`; for RMC, each argument so wrapped. */
function libAJsonOf(schema: SchemaModel, lookup: Lookup): Json | undefined {
  if (schema.kind === 'tuple') {
    const items = schema.items.map((item) => libAJsonOf(item, lookup) ?? {});
    return { type: 'array', prefixItems: items, items: false, minItems: items.length };
  }
  const name = libANameOf(schema, lookup);
  if (!name) return undefined;
  const rendered = renderSchema(schema, 'openapi31');
  return {
    type: 'object',
    properties: { [name]: rendered },
    required: [name],
    additionalProperties: false,
  };
}

function headerOf(h: HeaderParameter, required: boolean): Json {
  return {
    name: h.name,
    in: 'header',
    required,
    description: h.description,
    schema: {
      type: 'string',
      ...(h.enum ? { enum: [...h.enum] } : {}),
      ...(h.pattern ? { pattern: h.pattern } : {}),
      ...(h.maxLength ? { maxLength: h.maxLength } : {}),
    },
  };
}

function errorsOf(op: OperationModel): Json {
  return Object.fromEntries(
    operationErrorsOf(op).map((e) => [
      e.status,
      'key' in e
        ? { $ref: `#/components/responses/${e.key}` }
        : {
            description: e.description,
            content: ERROR_CONTENT,
            'x-portico-error-codes': [...e.codes],
          },
    ]),
  );
}

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: schemaRef(ERROR_ENVELOPE.name, 'openapi31') } },
  'application/xml': { schema: { $ref: schemaRef(ERROR_DETAIL.name, 'openapi31') } },
};

function operationOf(op: OperationModel, lookup: Lookup): Json {
  const { status, description } = successOf(op);
  const success =
    op.result === 'void' ? { description } : { description, content: contentOf(op.result, lookup) };
  return {
    ...operationHead(op),
    parameters: HEADER_PARAMETERS.map((h) =>
      op.mode === 'RMC' && h.name === RMC_API_ID.name
        ? headerOf(RMC_API_ID, true)
        : { $ref: `#/components/parameters/${h.name}` },
    ),
    requestBody: {
      required: op.body.required,
      ...(op.body.description ? { description: op.body.description } : {}),
      content: contentOf(op.body.schema, lookup),
    },
    responses: { [status]: success, ...errorsOf(op) },
  };
}

function componentsOf(model: ApiModel): Json {
  const schemas = [...model.schemas, ERROR_DETAIL, ERROR_ENVELOPE];
  return {
    schemas: Object.fromEntries(schemas.map((s) => [s.name, renderSchema(s.schema, 'openapi31')])),
    parameters: Object.fromEntries(HEADER_PARAMETERS.map((h) => [h.name, headerOf(h, false)])),
    responses: Object.fromEntries(
      ERROR_RESPONSES.map((e) => [e.key, { description: e.description, content: ERROR_CONTENT }]),
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
