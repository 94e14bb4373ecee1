import { type TypeRef } from '../../../src/decorators/types';
import { DEFAULT_SERIALIZERS } from '../../../src/serialization/serializers';
import { type ComplexityCase } from './growth';
import { many, reader } from './inputs';

const json = DEFAULT_SERIALIZERS.libBParamArrayJsonInOutSequence;
const xml = DEFAULT_SERIALIZERS.libBParamArrayXmlInOutSequence;

/** The types of records, tuples and nullable items that the cases read into. */
const SHAPES = {
  record: { kind: 'record', values: { kind: 'int' } },
  tuple: { kind: 'tuple', items: [{ kind: 'string' }], minItems: 1, rest: { kind: 'int' } },
  pair: { kind: 'tuple', items: [{ kind: 'string' }, { kind: 'int' }], minItems: 2 },
  maybeInts: { kind: 'array', items: { kind: 'nullable', of: { kind: 'int' } } },
} as const satisfies Record<string, TypeRef>;

const NIL = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"';
const entry = (key: string, value: string) =>
  `<entry><key>${key}</key><value>${value}</value></entry>`;

function shapeCase(
  format: 'JSON' | 'XML',
  family: string,
  [n, make]: [number, (n: number) => string],
  type: TypeRef,
  refused?: string,
): ComplexityCase {
  const read = reader(format === 'JSON' ? json : xml, type);
  return { reader: format, family, n, make, read, ...(refused && { refused }) };
}

/** Records (keys, a key given twice last), tuples (rest items, one item too many) and nil items. */
export const SHAPE_CASES: readonly ComplexityCase[] = [
  shapeCase(
    'JSON',
    'keys of a record',
    [10_000, (n) => `{${many(n, (i) => `"k ${i}":${i}`, ',')}}`],
    SHAPES.record,
  ),
  shapeCase(
    'JSON',
    'keys of a record, __proto__ twice last',
    [10_000, (n) => `{${many(n, (i) => `"__proto__${i}":${i}`, ',')},"__proto__":1,"__proto__":2}`],
    SHAPES.record,
    'given twice',
  ),
  shapeCase(
    'XML',
    'entries of a record',
    [10_000, (n) => `<object>${many(n, (i) => entry(`k ${i}`, String(i)))}</object>`],
    SHAPES.record,
  ),
  shapeCase(
    'XML',
    'entries of a record, the last key twice',
    [
      10_000,
      (n) => `<object>${many(n, (i) => entry(`k${i}`, '1'))}${entry(`k${n - 1}`, '1')}</object>`,
    ],
    SHAPES.record,
    'given twice',
  ),
  shapeCase(
    'JSON',
    'rest items of a tuple',
    [20_000, (n) => `["a",${many(n, (i) => String(i), ',')}]`],
    SHAPES.tuple,
  ),
  shapeCase(
    'XML',
    'items of a pair, too many',
    [
      20_000,
      (n) => `<object-array><string>a</string>${many(n, () => '<int>1</int>')}</object-array>`,
    ],
    SHAPES.pair,
    'not declared',
  ),
  shapeCase(
    'XML',
    'nil items',
    [20_000, (n) => `<int-array>${many(n, () => `<int ${NIL}/>`)}</int-array>`],
    SHAPES.maybeInts,
  ),
];
