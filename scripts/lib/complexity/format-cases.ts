import { STRING_FORMATS } from '../../../src/decorators/string-formats';
import { type ComplexityCase } from './growth';

/** Refuses text that the format does not take, as the binders do. */
const refuseUnless = (taken: boolean) => {
  if (!taken) throw new Error('not taken');
};

const { email, hostname, uuid, date, ipv4 } = STRING_FORMATS;

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
];
