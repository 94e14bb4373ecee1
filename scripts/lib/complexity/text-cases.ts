import { dateFromText, numberFromText } from '../../../src/serialization/binding';
import { isDateText, isIntText, isNumberText } from '../../../src/serialization/number-text';
import { type ComplexityCase } from './growth';
import { digits } from './inputs';

/** Refuses text that the reader does not take, as the binders do. */
const refuseUnless = (taken: boolean) => {
  if (!taken) throw new Error('not taken');
};

/** The number and date text readers that XML and libA JSON values go through. */
export const TEXT_CASES: readonly ComplexityCase[] = [
  {
    reader: 'number text',
    family: 'digits, then a letter',
    n: 200_000,
    make: (n) => `${digits(n)}x`,
    read: (text) => refuseUnless(isNumberText(text)),
    refused: 'not taken',
  },
  {
    reader: 'number text',
    family: 'digits, a point, digits, an exponent',
    n: 200_000,
    make: (n) => `-${digits(n)}.${digits(n)}e-${digits(n)}`,
    read: (text) => numberFromText(text, '', { kind: 'number' }),
  },
  {
    reader: 'number text',
    family: 'digits of an exponent, then a letter',
    n: 200_000,
    make: (n) => `1e${digits(n)}x`,
    read: (text) => refuseUnless(isNumberText(text)),
    refused: 'not taken',
  },
  {
    reader: 'integer text',
    family: 'digits, then a letter',
    n: 200_000,
    make: (n) => `+${digits(n)}x`,
    read: (text) => refuseUnless(isIntText(text)),
    refused: 'not taken',
  },
  {
    reader: 'date text',
    family: 'digits of a fraction, then a letter',
    n: 200_000,
    make: (n) => `2024-01-01T00:00:00.${digits(n)}x`,
    read: (text) => refuseUnless(isDateText(text)),
    refused: 'not taken',
  },
  {
    reader: 'date text',
    family: 'digits of a fraction, read as a date',
    n: 200_000,
    make: (n) => `2024-01-01T00:00:00.${digits(n)}+01:00`,
    read: (text) => dateFromText(text, '', { kind: 'date' }),
  },
];
