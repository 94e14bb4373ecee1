import { type TypeRef } from '../../../src/decorators/types';
import { DEFAULT_SERIALIZERS } from '../../../src/serialization/serializers';
import { type ComplexityCase } from './growth';
import { reader, TYPES } from './inputs';

const libB = DEFAULT_SERIALIZERS.libBParamArrayXmlInOutSequence;
const libA = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;

/** A case of the XML reader: text, then a character XML forbids at the end of a construct. */
function forbiddenLast(family: string, make: (run: string) => string): ComplexityCase {
  return {
    reader: 'XML',
    family: `${family}, U+FFFF last`,
    n: 100_000,
    make: (n) => make(`${'x😀'.repeat(n)}\uFFFF`),
    read: reader(libB, TYPES.string),
    refused: 'is not allowed in',
  };
}

/** A case of a reader that must refuse white space that XML does not count as white space. */
function foreignSpace(
  readerName: string,
  family: string,
  make: (n: number) => string,
  read: (text: string) => unknown,
  refused: string,
): ComplexityCase {
  return { reader: readerName, family, n: 100_000, make, read, refused };
}

const refusedInt = 'expected an integer';
const enumType: TypeRef = { kind: 'enum', values: [1, 2] };

/** The character rules of XML 1.0 and of white space around values, in XML and libA JSON. */
export const CHARACTER_CASES: readonly ComplexityCase[] = [
  forbiddenLast('a CDATA section', (run) => `<string><![CDATA[${run}]]></string>`),
  forbiddenLast('a comment', (run) => `<string><!--${run}--></string>`),
  forbiddenLast('a processing instruction', (run) => `<string><?pi ${run}?></string>`),
  forbiddenLast('an attribute value', (run) => `<string a="${run}"/>`),
  forbiddenLast('text', (run) => `<string>${run}</string>`),
  {
    reader: 'XML',
    family: 'names of supplementary characters, U+FFFF last',
    n: 100_000,
    make: (n) => `<a${'\u{10000}'.repeat(n)}\uFFFF/>`,
    read: reader(libB, TYPES.string),
    refused: 'malformed start tag',
  },
  {
    reader: 'XML',
    family: '"]]" runs in text, then "]]>"',
    n: 100_000,
    make: (n) => `<string>${']] '.repeat(n)}]]></string>`,
    read: reader(libB, TYPES.string),
    refused: '"]]>" in text',
  },
  foreignSpace(
    'XML',
    'U+00A0 and U+3000 around an integer',
    (n) => `<int>${' \u00A0'.repeat(n)}5${'\u3000 '.repeat(n)}</int>`,
    reader(libB, TYPES.int),
    refusedInt,
  ),
  foreignSpace(
    'XML',
    'U+2028 around a numeric enum value',
    (n) => `<v>${'\u2028\n'.repeat(n)}1</v>`,
    reader(libB, enumType),
    'expected one of',
  ),
  foreignSpace(
    'JSON libA',
    'white space around a quoted integer',
    (n) => `{"int":"${' \\t'.repeat(n)}1${' '.repeat(n)}"}`,
    reader(libA, TYPES.int),
    refusedInt,
  ),
];
