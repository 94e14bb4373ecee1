import fc from 'fast-check';

const int = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(
    '0',
    '-0',
    '1e400',
    '-1e400',
    '1E-400',
    '9007199254740993',
    '123456789012345678901234567890',
    '2.5',
    '0x10',
    'NaN',
    '"7"',
    'null',
    'true',
  ),
);

/** JSON bodies the calc and probe methods would take, with hostile numbers and names mixed in. */
const typedJson = fc.oneof(
  fc.tuple(int, int).map(([a, b]) => `{"a":${a},"b":${b}}`),
  fc.tuple(int, int).map(([a, b]) => `[${a},${b}]`),
  fc.tuple(int, int).map(([a, b]) => `{"mulInput":{"a":${a},"b":${b}}}`),
  fc.tuple(int, int).map(([a, b]) => `[{"int":${a}},{"int":${b}}]`),
  int.map((n) => `${n}`),
  int.map((n) => `[${n}]`),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => JSON.stringify(s)),
  fc.constantFrom(
    '{"a":2,"b":3,"__proto__":{"polluted":1}}',
    '{"a":2,"b":3,"constructor":{"prototype":{"polluted":1}}}',
    '{"name":"n","age":1,"score":1e400,"active":true}',
    '{"name":"n","age":1,"score":-0.0,"active":true,"born":"2024-02-30"}',
    '{"title":"t","lead":{"name":"a","age":1,"score":1,"active":true},"members":[]}',
    '"\\ud800"',
    '"\\u0000"',
    '["typed"]',
    '"typed"',
    '"boom"',
    '{"a":2,"a":3,"b":1}',
  ),
);

const typedXml = fc.oneof(
  fc
    .tuple(fc.constantFrom('MulInput', 'mulInput', 'x', 'OperationInput'), int, int)
    .map(([root, a, b]) => `<${root}><a>${a}</a><b>${b}</b></${root}>`),
  fc.tuple(int, int).map(([a, b]) => `<paramArray><int>${a}</int><int>${b}</int></paramArray>`),
  int.map((n) => `<int>${n}</int>`),
  fc.string({ maxLength: 20 }).map((s) => `<string>${s}</string>`),
  fc.constantFrom(
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    '<!DOCTYPE x [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><x>&b;</x>',
    '<MulInput><a>2</a><b>3</b><__proto__><polluted>1</polluted></__proto__></MulInput>',
    '<MulInput a="1" xmlns="urn:x"><a><![CDATA[2]]></a><b>&#51;</b></MulInput>',
    '<?xml version="1.0" encoding="ISO-8859-1"?><int>1</int>',
    '<?xml version="1.0"?><!-- c --><int>1</int><?pi x?>',
    '<string>&#xD800;</string>',
    '<string>&#0;</string>',
    '<string>&#x110000;</string>',
    '<string>&#99999999999;</string>',
    '<int>1</int><int>2</int>',
    '<paramArray>text<int>1</int></paramArray>',
    '<a:b xmlns:a="u"><a>1</a></a:b>',
    '<string>\u0001</string>',
  ),
);

/** Deep nesting just around the limit of 64, and far beyond it. */
const deep = fc
  .tuple(fc.constantFrom(60, 63, 64, 65, 200, 5000), fc.constantFrom('[', '{"a":', '<a>'))
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : open === '<a>' ? '</a>' : '}';
    return open.repeat(depth) + (open === '{"a":' ? '1' : '') + close.repeat(depth);
  });

/** Text of one family with a prefix or a cut now and then: BOMs, truncation, stray characters. */
function text(family: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.oneof({ weight: 8, arbitrary: family }, { weight: 1, arbitrary: deep }),
      fc.constantFrom(...Array(12).fill('none'), 'truncate', 'bom', 'spaces', 'trailing'),
      fc.nat(),
    )
    .map(([base, change, cut]) => {
      if (change === 'truncate') return base.slice(0, cut % Math.max(1, base.length));
      if (change === 'bom') return `\ufeff${base}`;
      if (change === 'spaces') return ` \n\t${base}\r\n `;
      if (change === 'trailing') return `${base},`;
      return base;
    });
}

/** The families of bodies. */
export type Family = 'json' | 'xml';

/**
 * Request bodies as bytes: UTF-8 text of the given family mostly, and now and then the other
 * family, other encodings, broken UTF-8, huge and empty ones.
 */
export function bodies(family: Family): fc.Arbitrary<Buffer> {
  const own = text(family === 'json' ? typedJson : typedXml);
  const other = text(family === 'json' ? typedXml : typedJson);
  return fc.oneof(
    { weight: 30, arbitrary: own.map((t) => Buffer.from(t, 'utf8')) },
    { weight: 2, arbitrary: other.map((t) => Buffer.from(t, 'utf8')) },
    rareBodies(own),
  );
}

function rareBodies(text: fc.Arbitrary<string>): fc.Arbitrary<Buffer> {
  return fc.oneof(
    text.map((t) => Buffer.from(`\ufeff${t}`, 'utf16le')),
    text.map((t) => Buffer.from(t, 'latin1')),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    fc.constantFrom(
      Buffer.from([0xc3, 0x28]),
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(`{"a":"${'x'.repeat(70_000)}"}`),
      Buffer.from(`[${'1,'.repeat(300)}1]`),
      Buffer.alloc(0),
    ),
  );
}
