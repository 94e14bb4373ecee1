import fc from 'fast-check';
import {
  Alias,
  type BindOptions,
  DEFAULT_SERIALIZERS,
  Field,
  Int,
  OneOf,
  type SequenceName,
  type TypeRef,
} from 'portico';
import { MulInput } from '../../examples/calc/payloads';
import { fieldsOf } from '../../src/decorators/metadata';
import { type Class, type TypeSpec, toTypeRef } from '../../src/decorators/types';

const options: BindOptions = { ignoreUnknownFields: false, maxDepth: 64 };

/** A declared type as a user writes it, with what a value of it may be. */
interface Declared {
  readonly spec: TypeSpec;
  readonly value: fc.Arbitrary<unknown>;
}

/** A number as the wire carries it: JSON and XML text have no negative zero. */
const double = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));

/** Every date that RFC 3339 writes: years 0000 to 9999. */
const date = fc.date({
  min: new Date('0000-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

const ENUMS: readonly (readonly (string | number)[])[] = [
  ['RED', ' green ', ''],
  [1, 2, 5],
  [1, 2.5, -0.25],
  ['S', 7, 7.5],
];

const scalars: fc.Arbitrary<Declared> = fc.oneof(
  fc.constant({ spec: Int, value: fc.maxSafeInteger() }),
  fc.constant({ spec: Number, value: double }),
  fc.constant({ spec: String, value: fc.string({ unit: 'binary', maxLength: 12 }) }),
  fc.constant({ spec: Boolean, value: fc.boolean() }),
  fc.constant({ spec: Date, value: date }),
  fc.constantFrom(...ENUMS).map((values) => ({
    spec: OneOf(values),
    value: fc.constantFrom(...values),
  })),
);

let classes = 0;

/** A payload class made at run time, with `@Field` on each of its fields as a user writes it. */
function classOf(fields: readonly FieldCase[], alias: boolean): Declared {
  const ctor = class {};
  Object.defineProperty(ctor, 'name', { value: `Payload${++classes}` });
  for (const f of fields) {
    Field(f.type.spec, { optional: f.optional, nullable: f.nullable })(ctor.prototype, f.name);
  }
  if (alias) Alias(`payload${classes}`)(ctor);
  const record = Object.fromEntries(
    fields.map((f) => [f.name, f.nullable ? fc.option(f.type.value) : f.type.value]),
  );
  const optional = new Set(fields.filter((f) => f.optional).map((f) => f.name));
  const required = fields.map((f) => f.name).filter((name) => !optional.has(name));
  const value = fc
    .record(record, { requiredKeys: required })
    .map((fieldValues) => Object.assign(Object.create(ctor.prototype), fieldValues));
  return { spec: ctor, value };
}

interface FieldCase {
  readonly name: string;
  readonly type: Declared;
  readonly optional: boolean;
  readonly nullable: boolean;
}

/** Declared types: scalars, enums, arrays of any of them, classes nesting any of them. */
const declared: fc.Arbitrary<Declared> = fc.letrec<{ type: Declared }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalars,
    (tie('type') as fc.Arbitrary<Declared>).map((items) => ({
      spec: [items.spec] as const,
      value: fc.array(items.value, { maxLength: 3 }),
    })),
    fc
      .tuple(
        fc.uniqueArray(
          fc.record({
            name: fc.constantFrom('a', 'b', 'c', 'd'),
            type: tie('type') as fc.Arbitrary<Declared>,
            optional: fc.boolean(),
            nullable: fc.boolean(),
          }),
          { selector: (f) => f.name, minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
      )
      .map(([fields, alias]) => classOf(fields, alias)),
  ),
})).type;

/** A declared type with a value of it. */
const typed = declared.chain((d) =>
  d.value.map((value) => ({ type: toTypeRef(d.spec) as TypeRef, value })),
);

/** The characters that XML 1.0 cannot carry (with `u`, a surrogate only when it is alone). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/**
 * The value an XML reader gets back for `value`: XML has no `null`, so a `null` field is an
 * absent element (read as `null` again where the field is required), and text holds only the
 * characters XML can carry (the writer drops the others).
 */
function asXmlReads(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NOT_XML, '');
  if (Array.isArray(value)) return value.map(asXmlReads);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const fields = fieldsOf(value.constructor as Class);
  const out = Object.create(Object.getPrototypeOf(value));
  for (const [key, field] of Object.entries(value)) {
    if (field !== null || !fields.get(key)?.optional) out[key] = asXmlReads(field);
  }
  return out;
}

const SEQUENCES = Object.keys(DEFAULT_SERIALIZERS) as SequenceName[];

describe('what a default serializer writes, the same sequence reads back', () => {
  it.each(SEQUENCES)('%s: every value of every declared type', (sequence) => {
    const serializer = DEFAULT_SERIALIZERS[sequence];
    fc.assert(
      fc.property(typed, ({ type, value }) => {
        const xml = serializer.format === 'xml';
        const written = serializer.writeResult(value, type);
        const read = serializer.readArgument(written, type, options);
        expect(read).toEqual(xml ? asXmlReads(value) : value);
      }),
      { numRuns: 400 },
    );
  });

  it('names a declared double `double` whatever its value, so an integer-valued array reads back', () => {
    const numbers: TypeRef = { kind: 'array', items: { kind: 'number' } };
    const libAJson = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;
    const libAXml = DEFAULT_SERIALIZERS.libAParamArrayXmlInOutSequence;
    expect(libAJson.writeResult([2, 2.5], numbers)).toBe('{"double-array":[2,2.5]}');
    expect(libAXml.writeResult([2, 2.5], numbers)).toBe(
      '<double-array><double>2</double><double>2.5</double></double-array>',
    );
    expect(libAJson.readArgument('{"double-array":[2,2.5]}', numbers, options)).toEqual([2, 2.5]);
    // The wire never chooses a type: `int` is not the name of a declared double.
    expect(() => libAJson.readArgument('{"int-array":[2]}', numbers, options)).toThrow(
      'expected one wrapper named "double-array"',
    );
    expect(() => libAXml.readArgument('<int>2</int>', { kind: 'number' }, options)).toThrow(
      'expected root element <double>, got <int>',
    );
  });

  it('names an enum by the JSON type of its values, never by the one value sent', () => {
    const libAJson = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;
    const fractions = toTypeRef(OneOf([1, 2.5])) as TypeRef;
    expect(libAJson.writeResult(1, fractions)).toBe('{"double":1}');
    expect(libAJson.readArgument('{"double":1}', fractions, options)).toBe(1);
    const mixed = toTypeRef(OneOf(['S', 7])) as TypeRef;
    expect(libAJson.writeResult('S', mixed)).toBe('{"string":"S"}');
    expect(libAJson.writeResult(7, mixed)).toBe('{"int":7}');
    expect(libAJson.readArgument('{"int":7}', mixed, options)).toBe(7);
  });

  it("reads a class by its alias or its own name, also inside an array's name (as the document says)", () => {
    const libAJson = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;
    const inputs = toTypeRef([MulInput]) as TypeRef;
    expect(libAJson.writeResult([], inputs)).toBe('{"mulInput-array":[]}');
    for (const name of ['mulInput-array', 'MulInput-array']) {
      expect(libAJson.readArgument(`{"${name}":[{"a":1,"b":2}]}`, inputs, options)).toEqual([
        { a: 1, b: 2 },
      ]);
    }
    expect(() => libAJson.readArgument('{"object-array":[]}', inputs, options)).toThrow(
      'expected one wrapper named "mulInput-array" or "MulInput-array"',
    );
  });

  it('writes a carriage return in XML text as a reference, which reads back as itself', () => {
    const libBXml = DEFAULT_SERIALIZERS.libBParamArrayXmlInOutSequence;
    const text = 'a\r\nb\rc';
    const written = libBXml.writeResult(text, { kind: 'string' });
    expect(written).toBe('<string>a&#13;\nb&#13;c</string>');
    expect(libBXml.readArgument(written, { kind: 'string' }, options)).toBe(text);
  });
});
