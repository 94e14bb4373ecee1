import {
  type SplitLimits,
  splitJsonArray,
  splitXmlParamArray,
} from '../../../src/entry-point/rmc-splitter';
import { type ComplexityCase } from './growth';
import { many, nestedGroups } from './inputs';

/** No argument limit, so that what is measured is the splitting itself. */
const UNLIMITED: SplitLimits = { maxArgs: Number.POSITIVE_INFINITY, maxDepth: 64 };

function jsonCase(family: string, n: number, make: (n: number) => string): ComplexityCase {
  return {
    reader: 'RMC JSON splitter',
    family,
    n,
    make,
    read: (t) => splitJsonArray(t, UNLIMITED),
  };
}

function xmlCase(family: string, n: number, make: (n: number) => string): ComplexityCase {
  return {
    reader: 'RMC XML splitter',
    family,
    n,
    make,
    read: (t) => splitXmlParamArray(t, UNLIMITED),
  };
}

/** The RMC splitters, which read the whole body on the main server before any reader. */
export const SPLITTER_CASES: readonly ComplexityCase[] = [
  jsonCase('arguments', 50_000, (n) => `[${many(n, () => '1', ',')}]`),
  jsonCase('white space', 200_000, (n) => `[${' '.repeat(n)}1${'\n'.repeat(n)}]`),
  jsonCase('escapes in a string', 100_000, (n) => `["${'\\"'.repeat(n)}"]`),
  jsonCase('nesting in an argument', 1_000, (n) => `[${nestedGroups(n, '[', ']', ',')}]`),
  {
    reader: 'RMC JSON splitter',
    family: 'arguments past maxArgs',
    n: 50_000,
    make: (n) => `[${many(n, () => '1', ',')}]`,
    read: (t) => splitJsonArray(t, { maxArgs: 256, maxDepth: 64 }),
    refused: 'more than 256',
  },
  xmlCase('arguments', 20_000, (n) => `<paramArray>${many(n, () => '<int>1</int>')}</paramArray>`),
  xmlCase(
    'attributes',
    15_000,
    (n) => `<paramArray${many(n, (i) => ` a${i}="&amp;"`)}><int>1</int></paramArray>`,
  ),
  xmlCase(
    'arguments using the prefixes of the root',
    10_000,
    (n) =>
      `<paramArray xmlns:p="urn:p" xmlns:q="urn:q">${many(n, () => '<p:int q:x="">1</p:int>')}</paramArray>`,
  ),
  {
    // Each argument that uses a prefix of the root carries its declaration: written anew for
    // each, a namespace as long as the body cost its length per argument.
    reader: 'RMC XML splitter',
    family: 'arguments past maxArgs using a long namespace of the root',
    n: 10_000,
    make: (n) => `<paramArray xmlns:p="${'u'.repeat(n)}">${many(n, () => '<p:int/>')}</paramArray>`,
    read: (t) => splitXmlParamArray(t, { maxArgs: 256, maxDepth: 64 }),
    refused: 'more than 256',
  },
  xmlCase(
    'white space between arguments',
    100_000,
    (n) => `<paramArray>${' '.repeat(n)}<int>1</int>${'\n'.repeat(n)}</paramArray>`,
  ),
  xmlCase(
    'nesting in an argument',
    250,
    (n) => `<paramArray>${nestedGroups(n, '<b>', '</b>')}</paramArray>`,
  ),
];
