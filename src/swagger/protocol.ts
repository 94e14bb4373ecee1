import { SVC_HEADER_NAMES } from '../entry-point/svc-header-spelling';
import { SEQUENCE_NAMES } from '../serialization/sequence';
import { type NamedSchema } from './schema-model';

/** What both directions of every operation speak. */
export const MEDIA_TYPES = ['application/json', 'application/xml'] as const;

/** An `X-SVC-*` request header as the document describes it. */
export interface HeaderParameter {
  readonly name: string;
  readonly description: string;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly maxLength?: number;
}

type HeaderName = (typeof SVC_HEADER_NAMES)[number];

// A header added to the entry point without a line here does not compile.
const HEADERS: Record<HeaderName, Omit<HeaderParameter, 'name'>> = {
  'X-SVC-API-ID': {
    // RMC calls every method (the one-argument ones too), so the document offers it beside ROA.
    description:
      'Invocation mode: ROA (the default) sends the one argument as the body; RMC, which calls every method, sends the arguments as an array (a paramArray element in XML), here of one element. The operations marked x-portico-api-id: RMC require RMC.',
    enum: ['ROA', 'RMC'],
  },
  'X-SVC-Privilege-Names': {
    description: 'Privilege names separated by `;`, for the permission resolver.',
  },
  'X-SVC-Locale': { description: 'Locale of the call, a language tag such as `en` or `de-CH`.' },
  'X-SVC-Sequence-Name': {
    description:
      'Serializer sequence of the body and the result; the default is libBParamArrayJsonInOutSequence. XML bodies need an Xml sequence.',
    enum: SEQUENCE_NAMES,
  },
  'X-SVC-Request-ID': {
    description: 'Request id, 1 to 128 visible ASCII characters; generated when absent and echoed.',
    pattern: '^[\\x21-\\x7e]{1,128}$',
    maxLength: 128,
  },
  'X-SVC-Session-ID': { description: 'Session id, passed to the method as call context.' },
  'X-SVC-User': { description: 'User, passed to the method as call context.' },
  'X-SVC-Client-Application-Name': {
    description: 'Name of the calling application, passed as call context.',
  },
  'X-SVC-IP': { description: 'IP address of the original caller, passed as call context.' },
};

/** Every `X-SVC-*` header, in the entry point's order. */
export const HEADER_PARAMETERS: readonly HeaderParameter[] = SVC_HEADER_NAMES.map((name) => ({
  name,
  ...HEADERS[name],
}));

/** An error status of the entry point, named for the document's shared responses. */
export interface ErrorResponse {
  readonly status: number;
  readonly key: string;
  readonly description: string;
}

/** The error answers of every operation (docs/design.md §6), all with the error envelope. */
export const ERROR_RESPONSES: readonly ErrorResponse[] = [
  {
    status: 400,
    key: 'BadRequest',
    description:
      'Malformed body, bad header value, an argument that does not bind, or nesting deeper than maxDepth (x-portico-limits)',
  },
  { status: 403, key: 'Forbidden', description: 'A privileged method, called without privilege' },
  { status: 404, key: 'NotFound', description: 'No such microservice, service or method' },
  {
    status: 406,
    key: 'NotAcceptable',
    description: 'Accept admits neither JSON nor XML, or differs from the body',
  },
  {
    status: 413,
    key: 'PayloadTooLarge',
    description: 'The body is over the size limit, maxBodyBytes (x-portico-limits)',
  },
  {
    status: 415,
    key: 'UnsupportedMediaType',
    description: 'Neither JSON nor XML, or a sequence of the other format',
  },
  { status: 500, key: 'InternalServerError', description: 'The method failed unexpectedly' },
  { status: 503, key: 'ServiceUnavailable', description: 'The microservice is not reachable' },
  { status: 504, key: 'GatewayTimeout', description: 'The call took longer than the deadline' },
];

/** The error as JSON carries it inside `error`, and as XML carries it as the root element. */
export const ERROR_DETAIL: NamedSchema = {
  name: 'ErrorDetail',
  schema: {
    kind: 'object',
    xmlName: 'error',
    description: 'An error: the root element in XML, the value of `error` in JSON.',
    properties: [
      {
        name: 'status',
        required: true,
        schema: { kind: 'primitive', type: 'integer', minimum: 400, maximum: 599 },
      },
      { name: 'code', required: true, schema: { kind: 'primitive', type: 'string' } },
      { name: 'message', required: true, schema: { kind: 'primitive', type: 'string' } },
      { name: 'requestId', required: true, schema: { kind: 'primitive', type: 'string' } },
    ],
  },
};

/** The JSON error envelope: `{"error":{"status","code","message","requestId"}}`. */
export const ERROR_ENVELOPE: NamedSchema = {
  name: 'ErrorEnvelope',
  schema: {
    kind: 'object',
    description: 'The error envelope of every error answer.',
    properties: [{ name: 'error', required: true, schema: { kind: 'ref', name: 'ErrorDetail' } }],
  },
};

/** `calc.calculator.add`: unique, since service and method names cannot contain a dot. */
export function operationIdOf(op: { microservice: string; service: string; method: string }) {
  return `${op.microservice}.${op.service}.${op.method}`;
}

/** `/calc/calculator/add`. */
export function pathOf(op: { microservice: string; service: string; method: string }): string {
  return `/${op.microservice}/${op.service}/${op.method}`;
}
