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
  time: {
    valid: [
      '00:00:00Z',
      '23:59:59.999+14:00',
      '12:30:00-01:30',
      '23:59:60Z',
      '00:59:60+01:00',
      '01:02:03z',
    ],
    invalid: [
      '24:00:00Z',
      '12:60:00Z',
      '12:00:61Z',
      '12:00:60Z',
      '23:59:60+01:00',
      '12:00:00',
      '12:00:00+0100',
      '12:00:00+01',
      '12:00:00+24:00',
      '12:00:00.Z',
      '12:00Z',
      '１2:00:00Z',
    ],
  },
  'date-time': {
    valid: [
      '2024-02-29T12:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31t23:59:60.5z',
      '2024-05-06T07:08:09.123456789-07:00',
      '2016-12-31T18:59:60-05:00',
    ],
    invalid: [
      '2023-02-29T12:00:00Z',
      '2024-05-06',
      '2024-05-06T07:08Z',
      '2024-05-06T07:08:09',
      '2024-05-06 07:08:09Z',
      '2024-05-06T07:08:09+0700',
      '2024-05-06T07:08:60Z',
      '2024-13-06T07:08:09Z',
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
  ipv6: {
    valid: [
      '::',
      '::1',
      '1::',
      'fe80::1:2',
      '2001:DB8:0:0:8:800:200C:417A',
      '1:2:3:4:5:6:7::',
      '::ffff:192.168.0.1',
      '1:2:3:4:5:6:1.2.3.4',
    ],
    invalid: [
      '',
      ':',
      ':::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1::2::3',
      '1::2:3:4:5:6:7:8',
      '12345::',
      'g::',
      '1.2.3.4::',
      '::1.2.3.04',
      '1:2:3:4:5:6:7:1.2.3.4',
      '[::1]',
      'fe80::1%eth0',
    ],
  },
  uri: {
    valid: ['http://example.com/a?b#c', 'urn:isbn:0451450523', 'a:', 'mailto:x@y', 'A+b-c.d:%zz'],
    invalid: ['', ':x', '1a:b', 'a b:c', 'http://a b', '//example.com', 'example.com', 'a:\u00a0'],
  },
  hostname: {
    valid: ['localhost', 'example.com.', 'a-b.c9', 'x'.repeat(63), `${'a.'.repeat(126)}a`],
    invalid: ['', '.', '-a', 'a-', 'a..b', 'x'.repeat(64), `${'a.'.repeat(126)}ab`, 'a_b', 'a b'],
  },
};

const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
const SHAPED_TIME: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('23', '00', '24', '18'), two, fc.constantFrom('59', '60', '00'), two)
  .map(([h, m, s, oh]) => `${h}:${m}:${s}${oh === '00' ? 'Z' : `-${oh}:${m}`}`);
const hms = fc
  .tuple(fc.constantFrom('23', '00', '12'), two, fc.constantFrom('59', '60'), two, two)
  .map(([h, m, s, oh, om]) => [h, m, s, oh, om]);
/** Text built the way the format is, with each part drawn around its limits. */
const SHAPED: Partial<Record<StringFormat, fc.Arbitrary<string>>> = {
  time: fc
    .tuple(hms, fc.constantFrom('', '.5'), fc.constantFrom('Z', '+', '-', '+:'), fc.boolean())
    .map(([[h, m, s, oh, om], f, zone, short]) => {
      const offset = zone === 'Z' ? zone : `${zone[0]}${oh}${short ? '' : ':'}${om}`;
      return `${h}:${short ? m : '59'}:${s}${f}${offset}`;
    }),
  'date-time': fc
    .tuple(fc.integer({ min: 0, max: 9999 }), two, two, fc.constantFrom('T', 't', ' ', 'x'))
    .chain(([y, mo, d, t]) =>
      SHAPED_TIME.map((time) => `${String(y).padStart(4, '0')}-${mo}-${d}${t}${time}`),
    ),
  ipv6: fc
    .tuple(
      fc.array(fc.constantFrom('0', 'ffff', 'A1', 'a', 'a', '12345', 'g', ''), { maxLength: 9 }),
      fc.nat({ max: 9 }),
      fc.constantFrom('', '::', ':', '.1.2.3.4', ':1.2.3.4', ':1.2.3.256'),
    )
    .map(([groups, at, end]) => {
      const [head, tail] = [groups.slice(0, at).join(':'), groups.slice(at).join(':')];
      return at > groups.length ? `${groups.join(':')}${end}` : `${head}::${tail}${end}`;
    }),
  uri: fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'aZ9+-._:/ '), maxLength: 8 }),
      fc.string({ unit: fc.constantFrom(...'a/?#%:\t\u00a0\u2028é '), maxLength: 12 }),
    )
    .map(([scheme, rest]) => `${scheme}:${rest}`),
};

const ajv = new Ajv({ allErrors: false });
addFormats(ajv, { mode: 'fast' });
// Where portico follows the "full" mode: a date checks the days of its month, a time its hours
// and its leap second; and RFC 3339's syntax, which that mode loosens: `+01:00`, not `+0100`.
const RFC_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:z|[+-]\d\d:\d\d)$/i;
const fullTime = fullFormats.time as { validate: (text: string) => boolean };
const fullDateTime = fullFormats['date-time'] as { validate: (text: string) => boolean };
ajv.addFormat('date', fullFormats.date);
ajv.addFormat('time', (text: string) => RFC_TIME.test(text) && fullTime.validate(text));
ajv.addFormat(
  'date-time',
  (text: string) =>
    /^.{10}t/is.test(text) && RFC_TIME.test(text.slice(11)) && fullDateTime.validate(text),
);
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
      SHAPED[format] ?? fc.constant(''),
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
      'portico: field Payload.hue: format "color" is not one the runtime enforces (email, uuid, date, time, date-time, ipv4, ipv6, hostname, uri)',
    );
    expect(() => Field(Int, { format: 'email' })(Payload.prototype, 'count')).toThrow(
      /format cannot apply to a field of type/,
    );
  });
});
