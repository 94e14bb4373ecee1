import { type TypeRef } from '../../../src/decorators/types';
import { DEFAULT_SERIALIZERS } from '../../../src/serialization/serializers';
import { type ComplexityCase } from './growth';
import { digits, many, nestedGroups, reader, TYPES } from './inputs';

const libB = DEFAULT_SERIALIZERS.libBParamArrayJsonInOutSequence;
const libA = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;
const keys = (n: number) => many(n, (i) => `"k${i}":0`, ',');

/** A case of the libB JSON reader that reads its input. */
function libBCase(
  family: string,
  n: number,
  make: (n: number) => string,
  type: TypeRef,
): ComplexityCase {
  return { reader: 'JSON libB', family, n, make, read: reader(libB, type) };
}

/** The JSON readers of both families: the depth and key check, JSON.parse and binding. */
export const JSON_CASES: readonly ComplexityCase[] = [
  libBCase('digits of a number', 100_000, (n) => `0.${digits(n)}`, TYPES.number),
  libBCase('white space', 200_000, (n) => `[${' \n'.repeat(n)}1]`, TYPES.ints),
  libBCase('list items', 50_000, (n) => `[${many(n, () => '1', ',')}]`, TYPES.ints),
  libBCase('keys of one object', 20_000, (n) => `{${keys(n)}}`, TYPES.unknown),
  libBCase(
    'escaped keys',
    15_000,
    (n) => `{${many(n, (i) => `"\\u006b${i}":0`, ',')}}`,
    TYPES.unknown,
  ),
  libBCase('escapes in a string', 30_000, (n) => `"${'\\u0041'.repeat(n)}"`, TYPES.string),
  libBCase(
    'surrogate pairs in a string',
    30_000,
    (n) => `"${'\\ud83d\\ude00'.repeat(n)}"`,
    TYPES.string,
  ),
  libBCase(
    'nesting to the limit, repeated',
    1_000,
    (n) => `[${nestedGroups(n, '[', ']', ',')}]`,
    TYPES.unknown,
  ),
  libBCase(
    'objects in a list',
    10_000,
    (n) => `[${many(n, () => '{"a":2,"b":3}', ',')}]`,
    TYPES.mulInputs,
  ),
];

/** The same readers with inputs that they refuse, after reading them whole. */
export const JSON_REFUSED_CASES: readonly ComplexityCase[] = [
  {
    reader: 'JSON libB',
    family: 'keys of one object, the last one twice',
    n: 20_000,
    make: (n) => `{${keys(n)},"k0":1}`,
    read: reader(libB, TYPES.unknown),
    refused: 'given twice',
  },
  {
    reader: 'JSON libB',
    family: 'nesting past the limit',
    n: 200_000,
    make: (n) => '['.repeat(n),
    read: reader(libB, TYPES.unknown),
    refused: 'nesting deeper',
  },
  {
    reader: 'JSON libB',
    family: 'surrogate pairs in a string, then a half alone',
    n: 30_000,
    make: (n) => `"${'\\ud83d\\ude00'.repeat(n)}\\ud83d"`,
    read: reader(libB, TYPES.string),
    refused: 'surrogate pair, alone',
  },
  {
    reader: 'JSON libA',
    family: 'digits of a quoted number, then a letter',
    n: 100_000,
    make: (n) => `{"double":"${digits(n)}x"}`,
    read: reader(libA, TYPES.number),
    refused: 'expected a number',
  },
  {
    reader: 'JSON libA',
    family: 'digits of a quoted integer, then a letter',
    n: 100_000,
    make: (n) => `{"int":"${digits(n)}x"}`,
    read: reader(libA, TYPES.int),
    refused: 'expected an integer',
  },
  {
    reader: 'JSON libA',
    family: 'digits of a date fraction, then a letter',
    n: 100_000,
    make: (n) => `{"date":"2024-01-01T00:00:00.${digits(n)}x"}`,
    read: reader(libA, TYPES.date),
    refused: 'RFC 3339 date-time',
  },
  {
    reader: 'JSON libA',
    family: 'keys in the wrapper, the last one twice',
    n: 20_000,
    make: (n) => `{"mulInput":{${keys(n)},"k0":1}}`,
    read: reader(libA, TYPES.mulInput),
    refused: 'given twice',
  },
];
