import type { IncomingMessage } from 'node:http';
import { headerText } from '../../../src/entry-point/header-text';
import { negotiate, parseAccept } from '../../../src/entry-point/negotiation';
import { LOCALE, readCallHeaders } from '../../../src/entry-point/read-call-headers';
import { validRequestId } from '../../../src/entry-point/request-id-of';
import { splitPrivilegeNames } from '../../../src/entry-point/split-privilege-names';
import { SvcHeaderValues } from '../../../src/entry-point/svc-header-values';
import { hostFault } from '../../../src/server/host-fault';
import { type ComplexityCase } from './growth';
import { many } from './inputs';

/** Negotiates `contentType` afresh: negotiation remembers the last pair that succeeded. */
function negotiateContentType(contentType: string): unknown {
  negotiate('application/xml', undefined);
  const outcome = negotiate(contentType, undefined);
  if (!outcome.ok) throw outcome.error;
  return outcome;
}

const DEFAULTS = {
  defaultApiId: 'ROA',
  defaultSequenceName: 'libBParamArrayJsonInOutSequence',
  defaultLocale: 'en',
} as const;

/** Checks `host` as the one Host line of an HTTP/1.1 request; throws its refusal. */
function readHost(host: string): void {
  const request = { headers: { host }, rawHeaders: ['Host', host], httpVersion: '1.1' };
  const fault = hostFault(request as unknown as IncomingMessage);
  if (fault) throw new Error(fault);
}

/** The readers of request headers. */
export const HEADER_CASES: readonly ComplexityCase[] = [
  {
    reader: 'Host',
    family: 'a long name, then a space',
    n: 200_000,
    make: (n) => `${'a'.repeat(n)} `,
    read: readHost,
    refused: 'is not a host and port',
  },
  {
    reader: 'Host',
    family: 'an IP literal never closed',
    n: 100_000,
    make: (n) => `[${'1:'.repeat(n)}`,
    read: readHost,
    refused: 'is not a host and port',
  },
  {
    reader: 'Accept',
    family: 'list items',
    n: 10_000,
    make: (n) => many(n, (i) => `text/x${i};q=0.${i % 10}`, ', '),
    read: parseAccept,
  },
  {
    reader: 'Accept',
    family: 'parameters of one range',
    n: 20_000,
    make: (n) => `application/json${many(n, (i) => `;p${i}=v`)};q=1`,
    read: parseAccept,
  },
  {
    reader: 'Accept',
    family: 'white space',
    n: 100_000,
    make: (n) => `${' '.repeat(n)}application/xml${' '.repeat(n)};${' '.repeat(n)}q=0.5`,
    read: parseAccept,
  },
  {
    reader: 'Content-Type',
    family: 'parameters',
    n: 20_000,
    make: (n) => `application/json${many(n, (i) => `; p${i}=v`)}; charset=utf-8`,
    read: negotiateContentType,
  },
  {
    reader: 'Content-Type',
    family: 'white space before charset',
    n: 100_000,
    make: (n) => `application/json;${' '.repeat(n)}charset${' '.repeat(n)}=${' '.repeat(n)}utf-8`,
    read: negotiateContentType,
  },
  {
    reader: 'Content-Type',
    family: 'charset names without a value',
    n: 20_000,
    make: (n) => `application/json${'; charset   '.repeat(n)}`,
    read: negotiateContentType,
    refused: 'is not a valid media type',
  },
  {
    reader: 'Content-Type',
    family: 'length of a charset',
    n: 200_000,
    make: (n) => `application/json; charset="${'x'.repeat(n)}`,
    read: negotiateContentType,
    // An unclosed quote: the content-type package refuses the whole header.
    refused: 'is not a valid media type',
  },
  {
    reader: 'X-SVC-Privilege-Names',
    family: 'list items',
    n: 20_000,
    make: (n) => many(n, (i) => ` name${i} `, ';'),
    read: splitPrivilegeNames,
  },
  {
    reader: 'X-SVC-Privilege-Names',
    family: 'white space and empty names',
    n: 100_000,
    make: (n) => `${' \t'.repeat(n)}a${';'.repeat(n)}b${'\t '.repeat(n)}`,
    read: splitPrivilegeNames,
  },
  {
    reader: 'X-SVC-Locale',
    family: 'subtags, then a bad character',
    n: 50_000,
    make: (n) => `en${'-abc'.repeat(n)}!`,
    read: (text) => LOCALE.test(text) || undefined,
  },
  {
    reader: 'X-SVC-Request-ID',
    family: 'length',
    n: 200_000,
    make: (n) => 'r'.repeat(n),
    read: validRequestId,
  },
  {
    reader: 'X-SVC-* headers',
    family: 'every header, long',
    n: 200_000,
    make: (n) => 'a'.repeat(n),
    read: (text) =>
      readCallHeaders(
        Object.assign(new SvcHeaderValues(), { user: text, ip: text, privilegeNames: text }),
        'json',
        DEFAULTS,
      ),
    refused: 'is longer than 1024 characters',
  },
  {
    reader: 'X-SVC-User',
    family: 'UTF-8 bytes as Node reads them (latin1)',
    n: 200_000,
    make: (n) => Buffer.from('é'.repeat(n)).toString('latin1'),
    read: (text) => headerText(text, 'x-svc-user'),
    refused: 'is longer than 1024 characters',
  },
  {
    reader: 'X-SVC-User',
    family: 'UTF-8, then a byte that is not (read as latin1)',
    n: 200_000,
    make: (n) => `${Buffer.from('é'.repeat(n)).toString('latin1')}\xff`,
    read: (text) => headerText(text, 'x-svc-user'),
    refused: 'is longer than 1024 characters',
  },
];
