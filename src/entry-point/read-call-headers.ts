import { isIP } from 'node:net';
import { frameworkError, type RemoteError } from '../errors';
import { type ApiId } from '../protocol/envelope';
import {
  type Format,
  findSequence,
  formatOfSequence,
  SEQUENCE_NAMES,
} from '../serialization/sequence';
import { asciiHeaderText, headerText, invalidHeader } from './header-text';
import { validRequestId } from './request-id-of';
import { splitPrivilegeNames } from './split-privilege-names';
import { SVC_HEADERS } from './svc-header-spelling';
import type { SvcHeaderValues } from './svc-header-values';

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

/** A language tag such as `en`, `de-CH` or `zh_Hant_TW`. */
export const LOCALE = /^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/;

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
    throw invalidHeader(headers.repeated, 'is sent more than once: send it once');
  if (headers.requestId !== undefined && !validRequestId(headers.requestId)) {
    throw invalidHeader(SVC_HEADERS.requestId, 'must be 1 to 128 visible ASCII characters');
  }
  const apiId = headers.apiId ?? defaults.defaultApiId;
  if (apiId !== 'ROA' && apiId !== 'RMC')
    throw invalidHeader(SVC_HEADERS.apiId, 'must be ROA or RMC (case sensitive)');
  if (!sequenceFormat)
    throw invalidHeader(SVC_HEADERS.sequenceName, `must be one of ${SEQUENCE_NAMES.join(', ')}`);
  const givenLocale = asciiHeaderText(headers.locale, SVC_HEADERS.locale);
  // The default was checked with the configuration (src/server/config.ts).
  if (givenLocale !== undefined && !LOCALE.test(givenLocale))
    throw invalidHeader(SVC_HEADERS.locale, 'must be a language tag such as en or de-CH');
  const locale = givenLocale ?? defaults.defaultLocale;
  const ip = asciiHeaderText(headers.ip, SVC_HEADERS.ip);
  if (ip !== undefined && isIP(ip) === 0)
    throw invalidHeader(SVC_HEADERS.ip, 'must be an IP address');
  const names = headerText(headers.privilegeNames, SVC_HEADERS.privilegeNames);
  const read: { -readonly [K in keyof CallHeaders]: CallHeaders[K] } = {
    apiId,
    sequenceName,
    locale,
    privilegeNames: names ? splitPrivilegeNames(names) : [],
  };
  // Fields only for the headers that were given, assigned one by one (spreads cost per call).
  const sessionId = headerText(headers.sessionId, SVC_HEADERS.sessionId);
  if (sessionId !== undefined) read.sessionId = sessionId;
  const user = headerText(headers.user, SVC_HEADERS.user);
  if (user !== undefined) read.user = user;
  const application = headerText(headers.clientApplicationName, SVC_HEADERS.clientApplicationName);
  if (application !== undefined) read.clientApplicationName = application;
  if (ip !== undefined) read.ip = ip;
  return read;
}

function sequenceMismatch(sequenceName: string, format: Format): RemoteError {
  const wanted = SEQUENCE_NAMES.filter((name) => formatOfSequence(name) === format);
  return frameworkError(
    'UNSUPPORTED_MEDIA_TYPE',
    `the body is ${format.toUpperCase()} but sequence ${sequenceName} is not: set X-SVC-Sequence-Name to ${wanted.join(' or ')}`,
  );
}
