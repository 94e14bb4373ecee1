import { isIP } from 'node:net';
import { frameworkError, RemoteError } from '../errors';
import { type ApiId } from '../protocol/envelope';
import {
  type Format,
  findSequence,
  formatOfSequence,
  SEQUENCE_NAMES,
} from '../serialization/sequence';
import { newRequestId } from './new-request-id';
import type { SvcHeaderValues } from './svc-header-values';

/** The request headers of the entry point, as browsers and documents spell them. */
export const SVC_HEADER_SPELLING = {
  apiId: 'X-SVC-API-ID',
  privilegeNames: 'X-SVC-Privilege-Names',
  locale: 'X-SVC-Locale',
  sequenceName: 'X-SVC-Sequence-Name',
  requestId: 'X-SVC-Request-ID',
  sessionId: 'X-SVC-Session-ID',
  user: 'X-SVC-User',
  clientApplicationName: 'X-SVC-Client-Application-Name',
  ip: 'X-SVC-IP',
} as const;

type HeaderKey = keyof typeof SVC_HEADER_SPELLING;

/** Every `X-SVC-*` header name, in the order of the specification. */
export const SVC_HEADER_NAMES = Object.values(
  SVC_HEADER_SPELLING,
) as readonly (typeof SVC_HEADER_SPELLING)[HeaderKey][];

/**
 * The claims that the permission resolver is shown. A browser sends them across origins only from
 * the configured credential origins (SECURITY.md, "Cross-origin calls").
 */
export const CLAIM_HEADER_NAMES = [
  SVC_HEADER_SPELLING.privilegeNames,
  SVC_HEADER_SPELLING.user,
  SVC_HEADER_SPELLING.sessionId,
  SVC_HEADER_SPELLING.clientApplicationName,
  SVC_HEADER_SPELLING.ip,
] as const;

/** The same headers lower-cased, as Node gives them. */
export const SVC_HEADERS = Object.fromEntries(
  Object.entries(SVC_HEADER_SPELLING).map(([key, name]) => [key, name.toLowerCase()]),
) as { readonly [K in HeaderKey]: string };

/** The defaults that absent headers fall back to. */
export interface HeaderDefaults {
  readonly defaultApiId: ApiId;
  readonly defaultSequenceName: string;
  readonly defaultLocale: string;
}

/** The invocation parameters read from the headers. */
export interface CallHeaders {
  readonly apiId: ApiId;
  readonly sequenceName: string;
  readonly locale: string;
  readonly privilegeNames: readonly string[];
  readonly sessionId?: string;
  readonly user?: string;
  readonly clientApplicationName?: string;
  readonly ip?: string;
}

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
/** A language tag such as `en`, `de-CH` or `zh_Hant_TW`. */
export const LOCALE = /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/;
const MAX_TEXT = 1024;

/** The caller's request id when it is a valid one (see {@link validRequestId}), else a new UUID. */
export function requestIdOf(headers: Readonly<SvcHeaderValues>): string {
  return validRequestId(headers.requestId) ?? newRequestId();
}

/** The caller's request id when it is 1–128 visible ASCII characters; `undefined` otherwise. */
export function validRequestId(value: string | undefined): string | undefined {
  return value !== undefined && REQUEST_ID.test(value) ? value : undefined;
}

function invalid(name: string, what: string): RemoteError {
  const shown = SVC_HEADER_NAMES.find((h) => h.toLowerCase() === name) ?? name;
  return frameworkError('INVALID_HEADER', `${shown} ${what}`);
}

function text(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_TEXT) throw invalid(name, `is longer than ${MAX_TEXT} characters`);
  return value;
}

/**
 * Reads and checks the `X-SVC-*` headers (400 for a bad value), and checks that the sequence
 * reads the negotiated family (415 otherwise).
 */
export function readCallHeaders(
  headers: Readonly<SvcHeaderValues>,
  format: Format,
  defaults: HeaderDefaults,
): CallHeaders {
  // The sequence's family first: a mismatch is a negotiation error (415), which docs/design.md §4
  // puts before the header values (400).
  const givenSequence = headers.sequenceName ?? defaults.defaultSequenceName;
  const sequence = findSequence(givenSequence);
  const sequenceName = sequence?.name ?? givenSequence;
  const sequenceFormat = sequence?.format;
  if (sequenceFormat !== undefined && sequenceFormat !== format) {
    throw sequenceMismatch(sequenceName, format);
  }
  // A context header's lines joined would pass for one value that nobody sent ("alice, bob").
  if (headers.repeated !== undefined)
    throw invalid(headers.repeated, 'is sent more than once: send it once');
  if (headers.requestId !== undefined && !validRequestId(headers.requestId)) {
    throw invalid(SVC_HEADERS.requestId, 'must be 1 to 128 visible ASCII characters');
  }
  const apiId = headers.apiId ?? defaults.defaultApiId;
  if (apiId !== 'ROA' && apiId !== 'RMC')
    throw invalid(SVC_HEADERS.apiId, 'must be ROA or RMC (case sensitive)');
  if (!sequenceFormat)
    throw invalid(SVC_HEADERS.sequenceName, `must be one of ${SEQUENCE_NAMES.join(', ')}`);
  const givenLocale = text(headers.locale, SVC_HEADERS.locale);
  // The default was checked with the configuration (src/server/config.ts).
  if (givenLocale !== undefined && !LOCALE.test(givenLocale))
    throw invalid(SVC_HEADERS.locale, 'must be a language tag such as en or de-CH');
  const locale = givenLocale ?? defaults.defaultLocale;
  const ip = text(headers.ip, SVC_HEADERS.ip);
  if (ip !== undefined && isIP(ip) === 0) throw invalid(SVC_HEADERS.ip, 'must be an IP address');
  const names = text(headers.privilegeNames, SVC_HEADERS.privilegeNames);
  const read: { -readonly [K in keyof CallHeaders]: CallHeaders[K] } = {
    apiId,
    sequenceName,
    locale,
    privilegeNames: names ? splitPrivilegeNames(names) : [],
  };
  // Fields only for the headers that were given, assigned one by one (spreads cost per call).
  const sessionId = text(headers.sessionId, SVC_HEADERS.sessionId);
  if (sessionId !== undefined) read.sessionId = sessionId;
  const user = text(headers.user, SVC_HEADERS.user);
  if (user !== undefined) read.user = user;
  const application = text(headers.clientApplicationName, SVC_HEADERS.clientApplicationName);
  if (application !== undefined) read.clientApplicationName = application;
  if (ip !== undefined) read.ip = ip;
  return read;
}

/**
 * `a; b;;c` → `['a', 'b', 'c']`. Names are trimmed of HTTP white space (space and tab) only:
 * `String.prototype.trim` would also strip characters such as U+00A0, which belong to a name.
 */
export function splitPrivilegeNames(header: string): string[] {
  const names: string[] = [];
  for (const part of header.split(';')) {
    const name = trimHttpSpace(part);
    if (name !== '') names.push(name);
  }
  return names;
}

function isHttpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** `text` without the spaces and tabs at its ends. */
function trimHttpSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isHttpSpace(text.charCodeAt(start))) start++;
  while (end > start && isHttpSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function sequenceMismatch(sequenceName: string, format: Format): RemoteError {
  const wanted = SEQUENCE_NAMES.filter((name) => formatOfSequence(name) === format);
  return frameworkError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the body is ${format.toUpperCase()} but sequence ${sequenceName} is not: set X-SVC-Sequence-Name to ${wanted.join(' or ')}`,
  );
}
