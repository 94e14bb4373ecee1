import { type TypeRef } from '../../../src/decorators/types';
import { DEFAULT_SERIALIZERS } from '../../../src/serialization/serializers';
import { type ComplexityCase } from './growth';
import { digits, many, nestedGroups, reader, TYPES } from './inputs';

const libB = DEFAULT_SERIALIZERS.libBParamArrayXmlInOutSequence;
const attributes = (n: number) => many(n, (i) => ` a${i}=""`);
/** `n` prefixed attributes, `p` bound to `urn:p`: each a lookup in scope and an expanded name. */
const prefixed = (n: number) => ` xmlns:p="urn:p"${many(n, (i) => ` p:a${i}=""`)}`;

/** A case of the XML reader (parser and binding); `refused` when it must refuse the input. */
function xmlCase(
  family: string,
  n: number,
  make: (n: number) => string,
  type: TypeRef,
  refused?: string,
): ComplexityCase {
  return { reader: 'XML', family, n, make, read: reader(libB, type), ...(refused && { refused }) };
}

/** The XML reader, with what reaches it in every family. */
export const XML_CASES: readonly ComplexityCase[] = [
  xmlCase(
    'attributes of a start tag',
    20_000,
    (n) => `<MulInput${attributes(n)}><a>2</a><b>3</b></MulInput>`,
    TYPES.mulInput,
  ),
  xmlCase(
    'attributes, the last one twice',
    20_000,
    (n) => `<MulInput${attributes(n)} a0=""><a>2</a></MulInput>`,
    TYPES.mulInput,
    'given twice',
  ),
  xmlCase('white space in a start tag', 200_000, (n) => `<int${' '.repeat(n)}>5</int>`, TYPES.int),
  xmlCase(
    'white space around a number',
    100_000,
    (n) => `<int>${' \n'.repeat(n)}5${' \t'.repeat(n)}</int>`,
    TYPES.int,
  ),
  xmlCase('line ends', 50_000, (n) => `<string>${'\r\n\r'.repeat(n)}</string>`, TYPES.string),
  xmlCase(
    'entity references',
    20_000,
    (n) => `<string>${'&amp;&lt;'.repeat(n)}</string>`,
    TYPES.string,
  ),
  xmlCase(
    'character references',
    20_000,
    (n) => `<string>${'&#x41;&#66;'.repeat(n)}</string>`,
    TYPES.string,
  ),
  xmlCase(
    'leading zeros of a reference',
    200_000,
    (n) => `<int>&#${'0'.repeat(n)}50;</int>`,
    TYPES.int,
  ),
  xmlCase(
    'references in an attribute value',
    40_000,
    (n) => `<int a="${'&amp;'.repeat(n)}">5</int>`,
    TYPES.int,
  ),
  xmlCase(
    'list items',
    20_000,
    (n) => `<int-array>${many(n, () => '<int>1</int>')}</int-array>`,
    TYPES.ints,
  ),
  xmlCase(
    'nesting to the limit, repeated',
    250,
    (n) => `<a>${nestedGroups(n, '<b>', '</b>')}</a>`,
    TYPES.unknown,
    'child elements',
  ),
  xmlCase(
    'nesting past the limit',
    50_000,
    (n) => '<a>'.repeat(n),
    TYPES.unknown,
    'nesting deeper',
  ),
  xmlCase('comments', 20_000, (n) => `<int>${'<!-- - -->'.repeat(n)}5</int>`, TYPES.int),
  xmlCase(
    'CDATA sections',
    15_000,
    (n) => `<string>${'<![CDATA[]]]]>'.repeat(n)}</string>`,
    TYPES.string,
  ),
  xmlCase(
    'prefixed attributes of a start tag',
    10_000,
    (n) => `<MulInput${prefixed(n)}><a>2</a><b>3</b></MulInput>`,
    TYPES.mulInput,
  ),
  xmlCase(
    'prefixed attributes, the last one twice by namespace',
    10_000,
    (n) => `<MulInput${prefixed(n)} xmlns:q="urn:p" q:a0=""><a>2</a></MulInput>`,
    TYPES.mulInput,
    'given twice',
  ),
  xmlCase(
    'prefixes declared on the root, each used below',
    10_000,
    (n) => `<a${many(n, (i) => ` xmlns:p${i}="urn:${i}"`)}>${many(n, (i) => `<p${i}:b/>`)}</a>`,
    TYPES.unknown,
    'child elements',
  ),
  xmlCase(
    'nesting to the limit, each level declaring and using prefixes',
    100,
    (n) =>
      `<a xmlns:r="urn:r">${nestedGroups(n, '<r:b xmlns:p="urn:1" xmlns:q="urn:2" p:x="" q:y="">', '</r:b>')}</a>`,
    TYPES.unknown,
    'child elements',
  ),
  xmlCase('length of a name', 100_000, (n) => `<${'n'.repeat(n)}>5</${'n'.repeat(n)}>`, TYPES.int),
  xmlCase(
    'length of a prefixed name',
    100_000,
    (n) => `<p:${'n'.repeat(n)} xmlns:p="urn:p">5</p:${'n'.repeat(n)}>`,
    TYPES.int,
  ),
  xmlCase(
    'length of a name, then a second colon',
    100_000,
    (n) => `<p:${'n'.repeat(n)}:b xmlns:p="urn:p">5</p:${'n'.repeat(n)}:b>`,
    TYPES.int,
    'more than one colon',
  ),
  xmlCase(
    'white space in the declaration',
    200_000,
    (n) => `<?xml version="1.0"${' '.repeat(n)}?><int>5</int>`,
    TYPES.int,
  ),
  xmlCase(
    'digits of a number, then a letter',
    100_000,
    (n) => `<double>${digits(n)}x</double>`,
    TYPES.number,
    'expected a number',
  ),
  xmlCase(
    'digits of a date fraction, then a letter',
    100_000,
    (n) => `<date>2024-01-01T00:00:00.${digits(n)}x</date>`,
    TYPES.date,
    'RFC 3339 date-time',
  ),
];
