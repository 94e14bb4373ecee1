import fc from 'fast-check';
import {
  Alias,
  type BindOptions,
  DEFAULT_SERIALIZERS,
  Field,
  Int,
  OneOf,
  type TypeRef,
} from 'portico';
import { MulInput, MulOutput } from '../../examples/calc/payloads';
import { isRemoteError } from '../../src/errors';
import { BindError } from '../../src/serialization/sequence';
import { Profile, Team } from '../fixtures/services';

const options: BindOptions = { ignoreUnknownFields: false, maxDepth: 64 };
const libBJson = DEFAULT_SERIALIZERS.libBParamArrayJsonInOutSequence;
const libAJson = DEFAULT_SERIALIZERS.libAParamArrayJsonInOutSequence;
const libBXml = DEFAULT_SERIALIZERS.libBParamArrayXmlInOutSequence;
const libAXml = DEFAULT_SERIALIZERS.libAParamArrayXmlInOutSequence;

const INT: TypeRef = { kind: 'int' };
const NUMBER: TypeRef = { kind: 'number' };
const STRING: TypeRef = { kind: 'string' };
const klass = (ctor: abstract new (...args: never[]) => unknown): TypeRef => ({
  kind: 'class',
  ctor,
});

function bindError(fn: () => unknown): BindError {
  try {
    fn();
  } catch (error) {
    if (error instanceof BindError) return error;
    throw error;
  }
  throw new Error('expected a BindError');
}

describe('the default serializers (docs/design.md §3 wire table)', () => {
  it('read mulTwo arguments in every sequence into MulInput instances', () => {
    const cases = [
      [libBJson, '{"a":2,"b":3}'],
      [libAJson, '{"mulInput":{"a":2,"b":3}}'],
      [libBXml, '<MulInput><a>2</a><b>3</b></MulInput>'],
      [libAXml, '<mulInput><a>2</a><b>3</b></mulInput>'],
    ] as const;
    for (const [serializer, text] of cases) {
      const value = serializer.readArgument(text, klass(MulInput), options);
      expect(value).toBeInstanceOf(MulInput);
      expect(value).toEqual(Object.assign(Object.create(MulInput.prototype), { a: 2, b: 3 }));
    }
  });

  it('write mulTwo and mulThree results as in the table', () => {
    const out = new MulOutput(6);
    expect(libBJson.writeResult(out, klass(MulOutput))).toBe('{"result":6}');
    expect(libAJson.writeResult(out, klass(MulOutput))).toBe('{"mulOutput":{"result":6}}');
    expect(libBXml.writeResult(out, klass(MulOutput))).toBe(
      '<MulOutput><result>6</result></MulOutput>',
    );
    expect(libAXml.writeResult(out, klass(MulOutput))).toBe(
      '<mulOutput><result>6</result></mulOutput>',
    );
    expect(libBJson.writeResult(6, INT)).toBe('6');
    expect(libAJson.writeResult(6, INT)).toBe('{"int":6}');
    expect(libBXml.writeResult(6, INT)).toBe('<int>6</int>');
    expect(libAXml.writeResult(6, INT)).toBe('<int>6</int>');
  });

  it('read RMC int arguments in every sequence', () => {
    expect(libBJson.readArgument('2', INT, options)).toBe(2);
    expect(libAJson.readArgument('{"int":2}', INT, options)).toBe(2);
    expect(libBXml.readArgument('<int>2</int>', INT, options)).toBe(2);
    expect(libAXml.readArgument('<int> 2 </int>', INT, options)).toBe(2);
  });

  it('name a declared number double whatever its value, and an undeclared one by its value, in libA', () => {
    expect(libAJson.writeResult(2.5, NUMBER)).toBe('{"double":2.5}');
    expect(libAJson.writeResult(2, NUMBER)).toBe('{"double":2}');
    expect(libAXml.writeResult(2.5, undefined)).toBe('<double>2.5</double>');
    expect(libAXml.writeResult(2, undefined)).toBe('<int>2</int>');
    expect(libAJson.readArgument('{"double":2.5}', NUMBER, options)).toBe(2.5);
    expect(libAJson.readArgument('{"double":2}', NUMBER, options)).toBe(2);
  });
});

describe('binding', () => {
  it('refuses 2.5 and unsafe integers for integer fields, naming the field', () => {
    expect(
      bindError(() => libBJson.readArgument('{"a":2.5,"b":3}', klass(MulInput), options)),
    ).toMatchObject({
      path: 'a',
      message: 'expected an integer, got 2.5',
    });
    // JSON.parse rounds it to 2^53, an integer: the message said only 'expected an integer, got
    // 9007199254740992', as if the number were not one.
    expect(
      bindError(() =>
        libBJson.readArgument('{"a":9007199254740993,"b":3}', klass(MulInput), options),
      ),
    ).toMatchObject({
      path: 'a',
      message: 'expected an integer, got 9007199254740992 (beyond the safe range)',
    });
    expect(
      bindError(() =>
        libBXml.readArgument('<M><a>9007199254740993</a><b>1</b></M>', klass(MulInput), options),
      ).message,
    ).toContain('safe range');
    expect(
      bindError(() => libBXml.readArgument('<M><a>2.0</a><b>1</b></M>', klass(MulInput), options))
        .path,
    ).toBe('a');
  });

  it('keeps "007" a string where the field is a string', () => {
    const json = libBJson.readArgument(
      '{"name":"007","age":7,"score":1.5,"active":true}',
      klass(Profile),
      options,
    ) as Profile;
    expect(json.name).toBe('007');
    const xml = libBXml.readArgument(
      '<P><name>007</name><age>007</age><score>1.5</score><active>1</active></P>',
      klass(Profile),
      options,
    ) as Profile;
    expect(xml).toMatchObject({ name: '007', age: 7, score: 1.5, active: true });
  });

  it('takes numeric strings in libA JSON only', () => {
    expect(
      libAJson.readArgument('{"mulInput":{"a":"2","b":"3"}}', klass(MulInput), options),
    ).toMatchObject({ a: 2, b: 3 });
    expect(
      bindError(() => libBJson.readArgument('{"a":"2","b":3}', klass(MulInput), options)).path,
    ).toBe('a');
  });

  it('refuses missing required fields and undeclared fields, unless told to ignore them', () => {
    expect(
      bindError(() => libBJson.readArgument('{"a":2}', klass(MulInput), options)),
    ).toMatchObject({ path: 'b', message: 'required field is missing' });
    expect(
      bindError(() => libBJson.readArgument('{"a":2,"b":3,"c":4}', klass(MulInput), options)),
    ).toMatchObject({ path: 'c', message: 'field is not declared' });
    const lenient = { ...options, ignoreUnknownFields: true };
    expect(
      libBJson.readArgument('{"a":2,"b":3,"c":4}', klass(MulInput), lenient),
    ).not.toHaveProperty('c');
    expect(
      libBXml.readArgument('<M><a>2</a><b>3</b><c>4</c></M>', klass(MulInput), lenient),
    ).not.toHaveProperty('c');
  });

  it('never lets __proto__, constructor or prototype become fields or reach a prototype', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = `{"a":2,"b":3,"${key}":{"polluted":true}}`;
      expect(bindError(() => libBJson.readArgument(text, klass(MulInput), options)).path).toBe(key);
      expect(
        bindError(() =>
          libBJson.readArgument(text, klass(MulInput), { ...options, ignoreUnknownFields: true }),
        ).path,
      ).toBe(key);
    }
    expect(() =>
      libBXml.readArgument(
        '<M><a>2</a><b>3</b><__proto__><polluted>1</polluted></__proto__></M>',
        klass(MulInput),
        options,
      ),
    ).toThrow(BindError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('binds nested classes, arrays, optional fields and dates, with paths in errors', () => {
    const team = libBJson.readArgument(
      '{"title":"t","lead":{"name":"a","age":1,"score":2,"active":false,"born":"2000-01-02T00:00:00Z"},"members":[{"name":"b","age":2,"score":3,"active":true,"tags":["x"],"lucky":[7]}]}',
      klass(Team),
      options,
    ) as Team;
    expect(team.lead).toBeInstanceOf(Profile);
    expect(team.lead.born).toEqual(new Date('2000-01-02T00:00:00Z'));
    expect(team.members[0]).toBeInstanceOf(Profile);
    expect(team.members[0]?.tags).toEqual(['x']);
    const error = bindError(() =>
      libBJson.readArgument(
        '{"title":"t","lead":{"name":"a","age":1,"score":2,"active":false},"members":[{"name":"b","age":2,"score":3,"active":"yes"}]}',
        klass(Team),
        options,
      ),
    );
    expect(error).toMatchObject({
      path: 'members[0].active',
      message: 'expected a boolean, got "yes"',
    });
  });

  it('binds arrays in XML from child elements whatever their names', () => {
    const xml =
      '<Profile><name>n</name><age>1</age><score>2</score><active>true</active><tags><string>a</string><string>b &amp; c</string></tags><lucky><int>3</int></lucky></Profile>';
    expect(libBXml.readArgument(xml, klass(Profile), options)).toMatchObject({
      tags: ['a', 'b & c'],
      lucky: [3],
    });
  });

  it('requires the libA root and wrapper names to match the declared type (alias or class name)', () => {
    expect(
      libAXml.readArgument('<MulInput><a>2</a><b>3</b></MulInput>', klass(MulInput), options),
    ).toMatchObject({ a: 2 });
    expect(
      bindError(() =>
        libAXml.readArgument('<mulOutput><a>2</a><b>3</b></mulOutput>', klass(MulInput), options),
      ).message,
    ).toContain('<mulInput>');
    expect(
      bindError(() => libAJson.readArgument('{"int":2,"x":1}', INT, options)).message,
    ).toContain('one wrapper');
    expect(bindError(() => libAJson.readArgument('[2]', INT, options)).message).toContain('{"int"');
    expect(
      libBXml.readArgument('<anything><a>2</a><b>3</b></anything>', klass(MulInput), options),
    ).toMatchObject({ b: 3 });
  });

  it('writes class instances by their declared fields, and arrays with typed item names', () => {
    const profile = Object.assign(new Profile(), {
      name: 'a<b',
      age: 1,
      score: 2.5,
      active: true,
      tags: ['x'],
      secret: 's',
    });
    expect(libAXml.writeResult(profile, klass(Profile))).toBe(
      '<profile><name>a&lt;b</name><age>1</age><score>2.5</score><active>true</active><tags><string>x</string></tags></profile>',
    );
    expect(libAJson.writeResult([1, 2], { kind: 'array', items: INT })).toBe('{"int-array":[1,2]}');
    expect(libBXml.writeResult([1, 2], { kind: 'array', items: INT })).toBe(
      '<int-array><int>1</int><int>2</int></int-array>',
    );
  });

  it('writes only declared fields in every family, so undeclared state never leaks', () => {
    const out = Object.assign(new MulOutput(6), { secret: 'internal-token' });
    const team = Object.assign(new Team(), {
      title: 't',
      lead: Object.assign(new Profile(), {
        name: 'a',
        age: 1,
        score: 1,
        active: true,
        password: 'x',
      }),
      members: [],
    });
    for (const serializer of [libBJson, libAJson, libBXml, libAXml]) {
      expect(serializer.writeResult(out, klass(MulOutput))).not.toContain('internal-token');
      expect(serializer.writeResult(out, undefined)).not.toContain('internal-token');
      expect(serializer.writeResult(team, klass(Team))).not.toContain('password');
    }
    expect(libBJson.writeResult(out, klass(MulOutput))).toBe('{"result":6}');
    expect(libBJson.writeResult({ plain: 1 }, undefined)).toBe('{"plain":1}');
  });

  it('refuses a DOCTYPE, external entities and nesting beyond the limit', () => {
    const doctype = '<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><m><a>&x;</a></m>';
    expect(bindError(() => libBXml.readArgument(doctype, klass(MulInput), options))).toMatchObject({
      code: 'MALFORMED_BODY',
    });
    expect(
      bindError(() => libBXml.readArgument('<m><a>&x;</a></m>', klass(MulInput), options)).message,
    ).toContain('&x;');
    const deepXml = `${'<a>'.repeat(65)}${'</a>'.repeat(65)}`;
    expect(bindError(() => libBXml.readArgument(deepXml, STRING, options))).toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
    const deepJson = `${'['.repeat(65)}${']'.repeat(65)}`;
    expect(
      bindError(() => libBJson.readArgument(deepJson, { kind: 'array', items: INT }, options)),
    ).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('decodes the predefined entities and numeric references, and refuses invalid characters', () => {
    expect(
      libBXml.readArgument('<s>&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;</s>', STRING, options),
    ).toBe('<>&"\'A😀');
    expect(libBXml.readArgument('<s><![CDATA[<&amp;>]]></s>', STRING, options)).toBe('<&amp;>');
    expect(bindError(() => libBXml.readArgument('<s>&#0;</s>', STRING, options)).code).toBe(
      'MALFORMED_BODY',
    );
    expect(bindError(() => libBXml.readArgument('<s>\u0001</s>', STRING, options)).code).toBe(
      'MALFORMED_BODY',
    );
  });
});

@Alias('numbers')
class Numbers {
  @Field(Int) i!: number;
  @Field() n!: number;
  @Field(OneOf([1, 2, 'two'])) e!: number | string;
}

@Alias('holder')
class Holder {
  @Field() text!: string;
  @Field(Int) count!: number;
}

describe('XML writing of characters XML cannot carry', () => {
  it('drops control characters, U+FFFE and lone surrogates, and keeps pairs, tabs and newlines', () => {
    const text = 'a\u0001b\uD800c\uDC00d\uFFFEe\uD83D\uDE00f\tg\nh';
    expect(libBXml.writeResult(text, STRING)).toBe('<string>abcde\uD83D\uDE00f\tg\nh</string>');
  });

  it('writes a number or a boolean as it is', () => {
    expect(libBXml.writeResult(2.5, NUMBER)).toBe('<double>2.5</double>');
    expect(libBXml.writeResult(true, { kind: 'boolean' })).toBe('<boolean>true</boolean>');
  });
});

describe('XML reading (properties)', () => {
  const xmlString = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML cannot carry these characters
    s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\r]/g, ''),
  );

  it('reads back any string and safe integer the XML writers wrote, in both families', () => {
    fc.assert(
      fc.property(xmlString, fc.maxSafeInteger(), (text, count) => {
        const value = Object.assign(new Holder(), { text, count });
        for (const serializer of [libAXml, libBXml]) {
          const written = serializer.writeResult(value, klass(Holder));
          expect(serializer.readArgument(written, klass(Holder), options)).toEqual(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers arbitrary text with a BindError or a value, never anything else', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            '/',
            'a',
            '&',
            ';',
            '#',
            '!',
            '-',
            '[',
            ']',
            '"',
            '?',
            ' ',
            'x',
          ),
        }),
        (text) => {
          try {
            libBXml.readArgument(text, STRING, options);
          } catch (error) {
            expect(error instanceof BindError || isRemoteError(error)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/** White space that JavaScript's `trim` drops and XML counts as text. */
const NOT_XML_SPACE = ['\u00A0', '\u3000', '\uFEFF', '\u2028', '\u2029', '\u000B', '\u000C'];
const XML_SPACE = fc.string({ unit: fc.constantFrom(' ', '\t', '\r', '\n'), maxLength: 4 });
const ENUM: TypeRef = { kind: 'enum', values: [1, 2, 'two'] };
const BOOLEAN: TypeRef = { kind: 'boolean' };
const DATE: TypeRef = { kind: 'date' };

describe('white space around values', () => {
  it.each(
    NOT_XML_SPACE.flatMap((space) =>
      [INT, NUMBER, ENUM, BOOLEAN, DATE].map((type): [string, string, TypeRef] => [
        space,
        type.kind,
        type,
      ]),
    ),
  )('XML: %j around a value is not white space, for %s', (space, _kind, type) => {
    const value = type.kind === 'date' ? '2024-05-01T10:20:00Z' : '1';
    for (const text of [`${space}${value}`, `${value}${space}`, `${space}${value}${space}`]) {
      expect(bindError(() => libBXml.readArgument(`<v>${text}</v>`, type, options))).toBeInstanceOf(
        BindError,
      );
    }
  });

  it.each(NOT_XML_SPACE)('XML: %j is not white space between the fields of an object', (space) => {
    const error = bindError(() =>
      libBXml.readArgument(`<m>${space}<a>2</a><b>3</b></m>`, klass(MulInput), options),
    );
    expect(error.message).toMatch(/got text|is not allowed in XML/);
  });

  it('XML: space, tab, CR and LF around a number, enum value, boolean or date are ignored', () => {
    fc.assert(
      fc.property(XML_SPACE, XML_SPACE, fc.integer({ min: -1e6, max: 1e6 }), (before, after, n) => {
        const read = (text: string, type: TypeRef) =>
          libBXml.readArgument(`<v>${before}${text}${after}</v>`, type, options);
        expect(read(String(n), INT)).toBe(n);
        expect(read(String(n / 4), NUMBER)).toBe(n / 4);
        expect(read('2', ENUM)).toBe(2);
        expect(read('1', BOOLEAN)).toBe(true);
        expect(read('2024-05-01T10:20:00Z', DATE)).toEqual(new Date('2024-05-01T10:20:00Z'));
      }),
      { numRuns: 300 },
    );
  });

  it('libA JSON: a numeric string has no white space around it, for every numeric type', () => {
    const read = (field: string, text: string) =>
      libAJson.readArgument(
        JSON.stringify({ numbers: { i: '1', n: '1', e: '1', [field]: text } }),
        klass(Numbers),
        options,
      );
    const space = fc.constantFrom(' ', '\t', '\n', ...NOT_XML_SPACE);
    fc.assert(
      fc.property(space, fc.constantFrom('before', 'after', 'both'), (c, where) => {
        const padded = (where === 'after' ? '' : c) + '1' + (where === 'before' ? '' : c);
        for (const field of ['i', 'n', 'e']) {
          expect(bindError(() => read(field, padded)).path).toBe(field);
          expect(read(field, '1')).toEqual(Object.assign(new Numbers(), { i: 1, n: 1, e: 1 }));
        }
      }),
      { numRuns: 100 },
    );
  });
});
