import { STRING_FORMATS } from '../../../src/decorators/string-formats';
import { type ComplexityCase } from './growth';

/** Refuses text that the format does not take, as the binders do. */
const refuseUnless = (taken: boolean) => {
  if (!taken) throw new Error('not taken');
};

const { email, hostname, uuid, date, ipv4, ipv6, uri, time } = STRING_FORMATS;
const dateTime = STRING_FORMATS['date-time'];

/** The scanners of the string formats (`@Field({ format })`), on long adversarial text. */
export const FORMAT_CASES: readonly ComplexityCase[] = [
  {
    reader: 'email format',
    family: 'a long local part, then labels, then a hyphen',
    n: 100_000,
    make: (n) => `${"a.!#'".repeat(n / 5)}@${'a-b.'.repeat(n / 4)}a-`,
    read: (text) => refuseUnless(email.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'email format',
    family: 'a label of hyphens, then an at sign',
    n: 100_000,
    make: (n) => `a@a${'-'.repeat(n)}@`,
    read: (text) => refuseUnless(email.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'hostname format',
    family: 'labels, then a hyphen',
    n: 100_000,
    make: (n) => `${'a-b.'.repeat(n / 4)}a-`,
    read: (text) => refuseUnless(hostname.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'uuid, date, ipv4 formats',
    family: 'digits and points, then a letter',
    n: 100_000,
    make: (n) => `${'1.'.repeat(n / 2)}x`,
    read: (text) => refuseUnless(uuid.test(text) || date.test(text) || ipv4.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'ipv6 format',
    family: 'hex groups, then a point',
    n: 100_000,
    make: (n) => `${'a:'.repeat(n / 2)}1.`,
    read: (text) => refuseUnless(ipv6.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'ipv6 format',
    family: 'colons, then a double colon',
    n: 100_000,
    make: (n) => `1${':'.repeat(n)}::`,
    read: (text) => refuseUnless(ipv6.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'uri format',
    family: 'a long scheme, then text, then a space',
    n: 100_000,
    make: (n) => `${'a+.'.repeat(n / 6)}:${'/a'.repeat(n / 4)} `,
    read: (text) => refuseUnless(uri.test(text)),
    refused: 'not taken',
  },
  {
    reader: 'time, date-time formats',
    family: 'a time with a long fraction, then no offset',
    n: 100_000,
    make: (n) => `2024-01-01T00:00:00.${'9'.repeat(n)}`,
    read: (text) => refuseUnless(time.test(text.slice(11)) || dateTime.test(text)),
    refused: 'not taken',
  },
];
