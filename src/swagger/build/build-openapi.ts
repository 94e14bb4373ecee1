import { type ApiModel, type OperationModel } from '../model';
import {
  ERROR_DETAIL,
  ERROR_ENVELOPE,
  ERROR_RESPONSES,
  HEADER_PARAMETERS,
  type HeaderParameter,
  pathOf,
} from '../protocol';
import { type Json, schemaRef } from './dialect';
import { type DocumentInfo, documentHead, tagsOf } from './document-head';
import { bodyContentOf, contentOf } from './media-content';
import {
  emptyAnswerOf,
  operationErrorsOf,
  operationHead,
  RMC_API_ID,
  successOf,
} from './operation-parts';
import { renderSchema } from './render-schema';
import { nameUnionMembers } from './union-members';
import { lookupOf, nameXmlElements } from './xml-names';

type Lookup = ReturnType<typeof lookupOf>;

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
      content: bodyContentOf(op, lookup),
    },
    responses: { [status]: success, ...emptyAnswerOf(op), ...errorsOf(op) },
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
  const model = nameUnionMembers(nameXmlElements(source));
  const lookup = lookupOf(model);
  return {
    openapi: '3.1.0',
    ...documentHead(info),
    ...(info.baseUrl ? { servers: [{ url: info.baseUrl }] } : {}),
    tags: tagsOf(model),
    paths: Object.fromEntries(
      model.operations.map((op) => [pathOf(op), { post: operationOf(op, lookup) }]),
    ),
    components: componentsOf(model),
  };
}
