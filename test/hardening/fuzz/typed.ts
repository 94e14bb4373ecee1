import fc from 'fast-check';
import { type Family } from './bodies';

/** The argument shapes of the fixtures' remote methods. */
export type Shape =
  | 'pair'
  | 'mulInput'
  | 'opInput'
  | 'string'
  | 'int'
  | 'ints'
  | 'profile'
  | 'none';

/** The serializer library of a sequence. */
export type Lib = 'libA' | 'libB';

/** Integer text: ordinary mostly, now and then beyond the safe range, fractional or infinite. */
const int = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('-0', '1e400', '9007199254740993', '2.5', '007', ' 7 ', '+1'),
  },
);

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.constantFrom('typed', 'boom', '\ud800', '<&>', ']]>') },
);

function jsonBody(shape: Shape, lib: Lib): fc.Arbitrary<string> {
  const wrap = (name: string, inner: string) => (lib === 'libA' ? `{"${name}":${inner}}` : inner);
  switch (shape) {
    case 'pair':
      return fc.tuple(int, int).map(([a, b]) => `[${wrap('int', a)},${wrap('int', b)}]`);
    case 'mulInput':
    case 'opInput': {
      const alias = shape === 'mulInput' ? 'mulInput' : 'operationInput';
      return fc.tuple(int, int).map(([a, b]) => wrap(alias, `{"a":${a},"b":${b}}`));
    }
    case 'string':
      return text.map((s) => wrap('string', JSON.stringify(s)));
    case 'int':
      return int.map((n) => wrap('int', n));
    case 'ints':
      return fc.array(int, { maxLength: 5 }).map((ns) => wrap('int-array', `[${ns.join(',')}]`));
    case 'profile':
      return fc
        .tuple(text, int, int, fc.boolean())
        .map(([name, age, score, active]) =>
          wrap(
            'profile',
            `{"name":${JSON.stringify(name)},"age":${age},"score":${score},"active":${active}}`,
          ),
        );
    case 'none':
      return fc.constant('[]');
  }
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function xmlBody(shape: Shape, lib: Lib): fc.Arbitrary<string> {
  const root = (libA: string, libB: string) => (lib === 'libA' ? libA : libB);
  switch (shape) {
    case 'pair':
      return fc
        .tuple(int, int)
        .map(([a, b]) => `<paramArray><int>${a}</int><int>${b}</int></paramArray>`);
    case 'mulInput':
    case 'opInput': {
      const name =
        shape === 'mulInput' ? root('mulInput', 'MulInput') : root('operationInput', 'X');
      return fc.tuple(int, int).map(([a, b]) => `<${name}><a>${a}</a><b>${b}</b></${name}>`);
    }
    case 'string':
      return text.map((s) => `<string>${escapeXml(s)}</string>`);
    case 'int':
      return int.map((n) => `<int>${n}</int>`);
    case 'ints':
      return fc
        .array(int, { maxLength: 5 })
        .map((ns) => `<int-array>${ns.map((n) => `<int>${n}</int>`).join('')}</int-array>`);
    case 'profile':
      return fc
        .tuple(text, int, int, fc.boolean())
        .map(
          ([name, age, score, active]) =>
            `<${root('profile', 'Profile')}><name>${escapeXml(name)}</name><age>${age}</age>` +
            `<score>${score}</score><active>${active}</active></${root('profile', 'Profile')}>`,
        );
    case 'none':
      return fc.constant('<paramArray/>');
  }
}

/** A body that a method of `shape` would take in the given family and library. */
export function typedBody(shape: Shape, family: Family, lib: Lib): fc.Arbitrary<Buffer> {
  const body = family === 'json' ? jsonBody(shape, lib) : xmlBody(shape, lib);
  return body.map((t) => Buffer.from(t, 'utf8'));
}
