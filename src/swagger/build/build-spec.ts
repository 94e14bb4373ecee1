import { type ApiModel, type OperationModel } from '../model';
import {
  ERROR_DETAIL,
  ERROR_ENVELOPE,
  ERROR_RESPONSES,
  HEADER_PARAMETERS,
  type HeaderParameter,
  MEDIA_TYPES,
  pathOf,
} from '../protocol';
import { type NamedSchema, type SchemaModel } from '../schema-model';
import { type Json, schemaRef } from './dialect';
import { type DocumentInfo, documentHead, tagsOf } from './document-head';
import {
  emptyAnswerOf,
  operationErrorsOf,
  operationHead,
  RMC_API_ID,
  successOf,
} from './operation-parts';
import { renderSchema } from './render-schema';
import { nameUnionMembers } from './union-members';
import { libANameOf, lookupOf, nameXmlElements } from './xml-names';

type Lookup = ReturnType<typeof lookupOf>;

/** The libA JSON wrapper name of a value of `schema` (of each argument for RMC), as an extension. */
function wrapperOf(schema: SchemaModel, lookup: Lookup, rmc = false): Json {
  if (rmc && schema.kind === 'tuple') {
    return { 'x-libA-json-wrappers': schema.items.map((item) => libANameOf(item, lookup) ?? null) };
  }
  const name = libANameOf(schema, lookup);
  return name ? { 'x-libA-json-wrapper': name } : {};
}

function headerOf(h: HeaderParameter, required: boolean): Json {
  return {
    name: h.name,
    in: 'header',
    required,
    type: 'string',
    description: h.description,
    ...(h.enum ? { enum: [...h.enum] } : {}),
    ...(h.pattern ? { pattern: h.pattern } : {}),
    ...(h.maxLength ? { maxLength: h.maxLength } : {}),
  };
}

function headersOf(op: OperationModel): Json[] {
  return HEADER_PARAMETERS.map((h) =>
    op.mode === 'RMC' && h.name === RMC_API_ID.name
      ? headerOf(RMC_API_ID, true)
      : { $ref: `#/parameters/${h.name}` },
  );
}

function errorsOf(op: OperationModel): Json {
  return Object.fromEntries(
    operationErrorsOf(op).map((e) => [
      e.status,
      'key' in e
        ? { $ref: `#/responses/${e.key}` }
        : {
            description: e.description,
            schema: { $ref: schemaRef(ERROR_ENVELOPE.name, 'swagger2') },
            'x-portico-error-codes': [...e.codes],
          },
    ]),
  );
}

function serverOf(baseUrl: string | undefined): Json {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const basePath = url.pathname.replace(/\/+$/, '');
  return { host: url.host, basePath: basePath || '/', schemes: [url.protocol.slice(0, -1)] };
}

function definitionsOf(schemas: readonly NamedSchema[]): Json {
  return Object.fromEntries(
    [...schemas, ERROR_DETAIL, ERROR_ENVELOPE].map((s) => [
      s.name,
      renderSchema(s.schema, 'swagger2'),
    ]),
  );
}

function operationOf(op: OperationModel, lookup: Lookup): Json {
  const body = {
    in: 'body',
    name: op.body.name,
    required: op.body.required,
    ...(op.body.description ? { description: op.body.description } : {}),
    schema: renderSchema(op.body.schema, 'swagger2'),
    ...wrapperOf(op.body.schema, lookup, op.mode === 'RMC'),
  };
  const { status, description } = successOf(op);
  const success =
    op.result === 'void'
      ? { description }
      : {
          description,
          schema: renderSchema(op.result, 'swagger2'),
          ...wrapperOf(op.result, lookup),
        };
  return {
    ...operationHead(op),
    parameters: [body, ...headersOf(op)],
    responses: { [status]: success, ...emptyAnswerOf(op), ...errorsOf(op) },
  };
}

/** Builds the Swagger 2.0 document of a model. Pure: the same model gives the same document. */
export function buildSwagger2(source: ApiModel, info: DocumentInfo): Json {
  const model = nameUnionMembers(nameXmlElements(source));
  const lookup = lookupOf(model);
  return {
    swagger: '2.0',
    ...documentHead(info),
    ...serverOf(info.baseUrl),
    consumes: [...MEDIA_TYPES],
    produces: [...MEDIA_TYPES],
    tags: tagsOf(model),
    paths: Object.fromEntries(
      model.operations.map((op) => [pathOf(op), { post: operationOf(op, lookup) }]),
    ),
    definitions: definitionsOf(model.schemas),
    parameters: Object.fromEntries(HEADER_PARAMETERS.map((h) => [h.name, headerOf(h, false)])),
    responses: Object.fromEntries(
      ERROR_RESPONSES.map((e) => [
        e.key,
        {
          description: e.description,
          schema: { $ref: schemaRef(ERROR_ENVELOPE.name, 'swagger2') },
        },
      ]),
    ),
  };
}
