import { parse as parseContentType } from 'content-type';
import { frameworkError, type RemoteError } from '../errors';
import { type Format } from '../serialization/sequence';

/** The outcome of content negotiation: the family to use, or the error to answer in `family`. */
export type Negotiation =
  | { readonly ok: true; readonly format: Format }
  | { readonly ok: false; readonly format: Format; readonly error: RemoteError };

/** The family a media type names, or `undefined` (`*\/*` and friends name none). */
export function formatOfMediaType(mediaType: string): Format | undefined {
  const type = mediaType.toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  return undefined;
}

/** How much an `Accept` header wants each family: the q of the most specific matching range. */
export interface AcceptWeights {
  readonly json: number;
  readonly xml: number;
  /** True when a range names the family itself, not only a wildcard. */
  readonly explicit: boolean;
}

const JSON_TYPE = ['application', 'json'] as const;
const XML_TYPES = [
  ['application', 'xml'],
  ['text', 'xml'],
] as const;

/** Parses an `Accept` header into weights for JSON and XML. */
export function parseAccept(header: string): AcceptWeights {
  let json = { q: 0, specificity: -1 };
  let xml = { q: 0, specificity: -1 };
  let explicit = false;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    const q = qualityOf(params);
    const exact = formatOfMediaType(`${type}/${subtype}`);
    if (exact) explicit ||= q > 0;
    const forJson = exact === 'json' ? 2 : matchWildcard(type, subtype, [JSON_TYPE]);
    const forXml = exact === 'xml' ? 2 : matchWildcard(type, subtype, XML_TYPES);
    if (forJson > json.specificity) json = { q, specificity: forJson };
    if (forXml > xml.specificity) xml = { q, specificity: forXml };
  }
  return { json: json.q, xml: xml.q, explicit };
}

function matchWildcard(
  type: string,
  subtype: string,
  targets: readonly (readonly [string, string])[],
): number {
  if (type === '*' && subtype === '*') return 0;
  if (subtype === '*' && targets.some(([t]) => t === type)) return 1;
  return -1;
}

function qualityOf(params: readonly string[]): number {
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim().toLowerCase() === 'q') {
      const q = Number(value.trim());
      return Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    }
  }
  return 1;
}

/** The last pair of headers that negotiated successfully, and the outcome: most clients repeat them. */
let last: { contentType?: string; accept?: string; outcome?: Negotiation } = {};

/**
 * Decides the serialization family from `Content-Type` and `Accept` (docs/design.md §4): a usable
 * Content-Type decides, and Accept must admit the same family (406 otherwise); without one,
 * an Accept that names a family decides; with neither, 415.
 */
export function negotiate(
  contentType: string | undefined,
  accept: string | undefined,
): Negotiation {
  if (last.outcome && contentType === last.contentType && accept === last.accept) {
    return last.outcome;
  }
  const outcome = decide(contentType, accept);
  if (outcome.ok) last = { contentType, accept, outcome };
  return outcome;
}

function decide(contentType: string | undefined, accept: string | undefined): Negotiation {
  const weights = accept ? parseAccept(accept) : undefined;
  const preferred: Format = weights && weights.xml > weights.json ? 'xml' : 'json';
  if (contentType) {
    const mediaType = contentType.split(';', 1)[0]?.trim() ?? '';
    const format = formatOfMediaType(mediaType);
    if (!format) {
      return fail(
        preferred,
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Type ${mediaType || '(empty)'} is not supported: send application/json or application/xml`,
      );
    }
    const charset = charsetOf(contentType);
    if (charset === undefined) {
      return fail(format, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type is not a valid media type');
    }
    if (charset && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') {
      return fail(
        format,
        'UNSUPPORTED_MEDIA_TYPE',
        `charset ${charset} is not supported: send UTF-8`,
      );
    }
    if (!weights || weights[format] > 0) return { ok: true, format };
    const other: Format = format === 'json' ? 'xml' : 'json';
    const message =
      weights[other] > 0
        ? `Content-Type is ${format.toUpperCase()} but Accept asks for ${other.toUpperCase()}: both must be the same family`
        : `Accept admits neither JSON nor XML`;
    return fail(weights[other] > 0 ? other : format, 'NOT_ACCEPTABLE', message);
  }
  if (weights?.explicit && (weights.json > 0 || weights.xml > 0)) {
    return { ok: true, format: preferred };
  }
  return fail(
    preferred,
    'UNSUPPORTED_MEDIA_TYPE',
    'send Content-Type or Accept naming application/json or application/xml',
  );
}

/** The charset parameter of a Content-Type, lower case ('' when absent), or undefined if malformed. */
function charsetOf(contentType: string): string | undefined {
  try {
    return (parseContentType(contentType).parameters.charset ?? '').toLowerCase();
  } catch {
    return undefined;
  }
}

function fail(
  format: Format,
  code: 'UNSUPPORTED_MEDIA_TYPE' | 'NOT_ACCEPTABLE',
  message: string,
): Negotiation {
  return { ok: false, format, error: frameworkError(code, message) };
}
