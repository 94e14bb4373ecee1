import { STATUS_CODES } from 'node:http';
import { ERROR_STATUS } from 'portico';
import { type RawAnswer } from '../support/raw-http';
import { type FuzzRequest } from './requests';

/** Statuses the entry point documents (docs/errors.md, docs/design.md §6, SECURITY.md). */
const ENTRY_POINT_STATUSES = new Set([200, 204, 400, 403, 404, 405, 406, 408, 413, 415, 431]);
/** Statuses of the static-files microservice: files, the index redirect, and its refusals. */
const STATIC_STATUSES = new Set([200, 204, 302, 400, 404, 405, 408, 431]);
/** The fixtures' methods that throw on purpose: their own codes and statuses. */
const SERVICE_ERRORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  fail: { OUT_OF_STOCK: 409, INTERNAL_ERROR: 500 },
  div: { DIVISION_BY_ZERO: 400 },
};
const SLOW_METHODS = new Set(['sleep']);

/** Codes that the HTTP layer answers before a request is parsed: always JSON, a fresh id. */
const PARSER_CODES = new Set(['BAD_REQUEST', 'REQUEST_TIMEOUT']);

const XML_ENVELOPE =
  /^<error><status>(\d{3})<\/status><code>([A-Z_]+)<\/code><message>([^<]*)<\/message><requestId>([^<]*)<\/requestId><\/error>$/;

interface Envelope {
  status: number;
  code: string;
  message: string;
  requestId: string;
}

/** Throws a description of the first broken invariant, or returns when the answer is lawful. */
export function checkAnswer(request: FuzzRequest, answer: RawAnswer): void {
  const fail = (what: string) => {
    throw new Error(
      `${what}\nanswer: ${answer.status} ${JSON.stringify(answer.headers)}\n${answer.body.slice(0, 300)}`,
    );
  };
  if (answer.status === 0) fail('no answer at all');
  const toStatic =
    request.segments.length > 0
      ? request.segments[0] === 'docs'
      : /^\/docs(\/|$)/.test(request.target);
  const method = request.segments[2] ?? '';
  const allowed = new Set(toStatic ? STATIC_STATUSES : ENTRY_POINT_STATUSES);
  const own = (!toStatic && SERVICE_ERRORS[method]) || {};
  for (const status of Object.values(own)) allowed.add(status);
  if (!toStatic && SLOW_METHODS.has(method)) allowed.add(504);
  if (!allowed.has(answer.status)) fail(`status ${answer.status} is not documented here`);
  if (answer.status < 400 || request.method === 'HEAD') return;
  // The static-files microservice answers its own refusals with the bare status text.
  if (toStatic && (answer.body === '' || answer.body === STATUS_CODES[answer.status])) return;
  const envelope = parseEnvelope(answer, fail);
  if (envelope.status !== answer.status) fail('the envelope status differs from the HTTP status');
  const table: Record<string, number> = { ...ERROR_STATUS, ...own };
  if (!Object.hasOwn(table, envelope.code) || table[envelope.code] !== answer.status) {
    fail(`code ${envelope.code} does not belong to status ${answer.status}`);
  }
  if (answer.headers['x-svc-request-id'] !== envelope.requestId) {
    fail('the envelope request id differs from X-SVC-Request-ID');
  }
  if (fromParser(envelope)) return;
  const given = request.headers.filter(([n]) => n.toLowerCase() === 'x-svc-request-id');
  const id = given.length === 1 ? given[0]?.[1] : undefined;
  if (id !== undefined && /^[\x21-\x7e]{1,128}$/.test(id) && envelope.requestId !== id) {
    fail('the caller’s valid request id was not echoed');
  }
  const expected = expectedFamily(request);
  const family = answer.body.startsWith('{') ? 'json' : 'xml';
  if (expected && family !== expected)
    fail(`the error is in ${family}, the request was ${expected}`);
}

/** True for the answers of the HTTP layer, given before a request was parsed. */
function fromParser(envelope: Envelope): boolean {
  return (
    PARSER_CODES.has(envelope.code) ||
    (envelope.code === 'HEADERS_TOO_LARGE' &&
      envelope.message === 'the request headers are too large')
  );
}

function parseEnvelope(answer: RawAnswer, fail: (what: string) => never): Envelope {
  const type = answer.headers['content-type'];
  if (answer.body.startsWith('{')) {
    if (type !== 'application/json; charset=utf-8')
      fail('a JSON envelope with another Content-Type');
    const parsed = JSON.parse(answer.body) as { error?: Envelope };
    const keys = Object.keys(parsed.error ?? {}).join();
    if (Object.keys(parsed).join() !== 'error' || keys !== 'status,code,message,requestId') {
      fail('the JSON envelope does not have the documented fields');
    }
    return parsed.error as Envelope;
  }
  if (type !== 'application/xml; charset=utf-8') fail('an XML envelope with another Content-Type');
  const match = XML_ENVELOPE.exec(answer.body);
  if (!match) return fail('the body is not an error envelope');
  const [, status, code = '', message = '', requestId = ''] = match;
  return {
    status: Number(status),
    code,
    message: unescapeXml(message),
    requestId: unescapeXml(requestId),
  };
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * The family an error must come in when the request says so plainly: one clean JSON or XML
 * Content-Type and no Accept. `undefined` when the request leaves room for judgement.
 */
function expectedFamily(request: FuzzRequest): 'json' | 'xml' | undefined {
  const named = (name: string) => request.headers.filter(([n]) => n.toLowerCase() === name);
  const types = named('content-type');
  if (types.length !== 1 || named('accept').length > 0) return undefined;
  const type = types[0]?.[1];
  if (type === 'application/json' || type === 'application/json; charset=utf-8') return 'json';
  if (type === 'application/xml' || type === 'text/xml; charset=UTF-8') return 'xml';
  return undefined;
}
