import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import fc from 'fast-check';
import { Field, Int } from 'portico';
import { STRING_FORMATS, type StringFormat } from '../../src/decorators/string-formats';

const CASES: Record<StringFormat, { valid: string[]; invalid: string[] }> = {
  email: {
    valid: ['a@b', 'first.last@example.com', "o'hara+tag@mail.example.co.uk", 'A.B@X-Y.Z', '.a.@b'],
    invalid: ['', '@b', 'a@', 'a@b.', 'a@.b', 'a@-b', 'a@b-', 'a@b..c', 'a b@c', 'a@b@c', 'é@b'],
  },
  uuid: {
    valid: [
      '123e4567-e89b-12d3-a456-426614174000',
      'URN:UUID:123E4567-E89B-12D3-A456-426614174000',
    ],
    invalid: [
      '123e4567e89b12d3a456426614174000',
      '123e4567-e89b-12d3-a456-42661417400g',
      'urn:uuid:',
    ],
  },
  date: {
    valid: ['2024-02-29', '2000-02-29', '0000-01-01', '9999-12-31', '2023-04-30'],
    invalid: [
      '2023-02-29',
      '1900-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-1-01',
      '2023-01-01T00:00:00Z',
      '２０２３-01-01',
    ],
  },
  ipv4: {
    valid: ['0.0.0.0', '127.0.0.1', '255.255.255.255', '10.9.99.199'],
    invalid: [
      '256.0.0.1',
      '01.0.0.1',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.',
      '1..2.3',
      ' 1.2.3.4',
      '١.2.3.4',
    ],
  },
  hostname: {
    valid: ['localhost', 'example.com.', 'a-b.c9', 'x'.repeat(63), `${'a.'.repeat(126)}a`],
    invalid: ['', '.', '-a', 'a-', 'a..b', 'x'.repeat(64), `${'a.'.repeat(126)}ab`, 'a_b', 'a b'],
  },
};

const ajv = new Ajv({ allErrors: false });
addFormats(ajv, { mode: 'fast' });
// Where portico follows the "full" mode: a date checks the days of its month.
ajv.addFormat('date', fullFormats.date);
const byAjv = Object.fromEntries(
  Object.keys(STRING_FORMATS).map((f) => [f, ajv.compile({ type: 'string', format: f })]),
);

describe.each(Object.keys(STRING_FORMATS) as StringFormat[])('the %s format', (format) => {
  const { test } = STRING_FORMATS[format];

  it.each(CASES[format].valid)('takes %j', (text) => {
    expect(test(text)).toBe(true);
    expect(byAjv[format]?.(text)).toBe(true);
  });

  it.each(CASES[format].invalid)('refuses %j', (text) => {
    expect(test(text)).toBe(false);
    expect(byAjv[format]?.(text)).toBe(false);
  });

  it('agrees with ajv-formats on generated text near the format', () => {
    const near = fc.oneof(
      fc.constantFrom(...CASES[format].valid, ...CASES[format].invalid),
      fc.string({ unit: fc.constantFrom(...'aZ09f-.@:_!+é'), maxLength: 70 }),
      fc.string({ unit: fc.constantFrom(...'0123456789-.'), maxLength: 16 }),
    );
    const edited = fc
      .tuple(near, fc.nat(), fc.string({ maxLength: 2 }), fc.nat({ max: 2 }))
      .map(([text, at, insert, drop]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + drop);
      });
    fc.assert(
      fc.property(fc.oneof(near, edited), (text) => test(text) === byAjv[format]?.(text)),
      { numRuns: 2000 },
    );
  });
});

describe('a format on @Field', () => {
  it('is refused at declaration when the runtime does not enforce it, or on a non-string', () => {
    class Payload {}
    expect(() => Field(String, { format: 'color' })(Payload.prototype, 'hue')).toThrow(
      'portico: field Payload.hue: format "color" is not one the runtime enforces (email, uuid, date, ipv4, hostname)',
    );
    expect(() => Field(Int, { format: 'email' })(Payload.prototype, 'count')).toThrow(
      /format cannot apply to a field of type/,
    );
  });
});
