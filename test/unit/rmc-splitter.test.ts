import fc from 'fast-check';
import { splitJsonArray, splitXmlParamArray } from '../../src/entry-point/rmc-splitter';
import { isRemoteError } from '../../src/errors';

const limits = { maxArgs: 256, maxDepth: 64 };

function errorOf(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (isRemoteError(error))
      return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an error');
}

/** JSON text of a value with random white space around tokens. */
function spaced(value: unknown, space: string): string {
  if (Array.isArray(value))
    return `[${space}${value.map((v) => spaced(v, space)).join(`${space},${space}`)}${space}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => `${JSON.stringify(k)}${space}:${space}${spaced(v, space)}`,
    );
    return `{${space}${entries.join(`,${space}`)}${space}}`;
  }
  return JSON.stringify(value);
}

describe('splitJsonArray', () => {
  it('splits each element to text that parses to the same value as that element', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 5 }), { maxLength: 12 }),
        fc.constantFrom('', ' ', '\n\t ', '\r\n'),
        (values, space) => {
          const text = spaced(values, space);
          const parts = splitJsonArray(text, limits);
          expect(parts).toHaveLength(values.length);
          expect(parts.map((part) => JSON.parse(part))).toEqual(JSON.parse(JSON.stringify(values)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps strings that hold brackets, commas, quotes and escapes whole', () => {
    const text = '["a,]b", "[{\\"x\\":1}]", "\\\\", "\\u005d", {"k":"]}"}]';
    expect(splitJsonArray(text, limits)).toEqual([
      '"a,]b"',
      '"[{\\"x\\":1}]"',
      '"\\\\"',
      '"\\u005d"',
      '{"k":"]}"}',
    ]);
  });

  it('splits an empty array into no arguments', () => {
    expect(splitJsonArray(' [ ] ', limits)).toEqual([]);
  });

  it.each([
    ['{"a":1}', 'expected a JSON array'],
    ['[1,2', 'expected "," or "]"'],
    ['[1 2]', 'expected "," or "]"'],
    ['[1,]', 'expected a value'],
    ['["abc]', 'a string is not closed'],
    ['[{"a":[1}]', 'unbalanced'],
    ['[1] x', 'text after the closing'],
    ['', 'expected a JSON array'],
  ])('refuses %j as malformed (400)', (text, message) => {
    const error = errorOf(() => splitJsonArray(text, limits));
    expect(error).toMatchObject({ status: 400, code: 'MALFORMED_BODY' });
    expect(error.message).toContain(message);
  });

  it('refuses more arguments than the limit', () => {
    const error = errorOf(() => splitJsonArray(`[${'1,'.repeat(256)}1]`, limits));
    expect(error).toMatchObject({ status: 400, code: 'LIMIT_EXCEEDED' });
  });

  it('refuses nesting deeper than the limit, counting the argument array', () => {
    const ok = `[${'['.repeat(63)}${']'.repeat(63)}]`;
    expect(splitJsonArray(ok, limits)).toHaveLength(1);
    const deep = `[${'['.repeat(64)}${']'.repeat(64)}]`;
    expect(errorOf(() => splitJsonArray(deep, limits))).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('never throws anything but a 400 on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', '1', ' ', 'a', ':'),
        }),
        (text) => {
          try {
            const parts = splitJsonArray(text, limits);
            expect(Array.isArray(parts)).toBe(true);
          } catch (error) {
            expect(isRemoteError(error) && error.status === 400).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** An XML element tree for property tests. */
interface El {
  name: string;
  text?: string;
  children?: El[];
}

const xmlName = fc.stringMatching(/^[A-Za-z_][\w.-]{0,8}$/);
const xmlText = fc.string({
  unit: fc.constantFrom('a', 'Z', '1', ' ', '<', '>', '&', '"', "'", ']', 'é', '😀'),
});

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function render(el: El, style: number): string {
  const inner = el.children
    ? el.children.map((c) => render(c, style)).join(style === 1 ? '\n  ' : '')
    : el.text !== undefined
      ? style === 2
        ? `<![CDATA[${el.text.replace(/]]>/g, '')}]]>`
        : escapeText(el.text)
      : '';
  if (inner === '' && style === 1) return `<${el.name}/>`;
  const attrs = style === 1 ? ' kind="x>y"' : '';
  return `<${el.name}${attrs}>${inner}<!-- c --></${el.name}>`;
}

const element: fc.Arbitrary<El> = fc.letrec<{ el: El }>((tie) => ({
  el: fc.oneof(
    { depthSize: 'small' },
    fc.record({ name: xmlName, text: xmlText }),
    fc.record({ name: xmlName, children: fc.array(tie('el'), { maxLength: 3 }) }),
  ),
})).el;

describe('splitXmlParamArray', () => {
  it('splits a paramArray into the exact text of each child element, in order', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 6 }),
        fc.constantFrom(0, 1, 2),
        (children, style) => {
          const rendered = children.map((c) => render(c, style));
          const text = `<?xml version="1.0"?>\n<paramArray>\n${rendered.join('\n')}\n</paramArray>\n`;
          expect(splitXmlParamArray(text, limits)).toEqual(rendered);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splits the wire table example', () => {
    expect(splitXmlParamArray('<paramArray><int>2</int><int>3</int></paramArray>', limits)).toEqual(
      ['<int>2</int>', '<int>3</int>'],
    );
  });

  it.each([
    ['<params><int>1</int></params>', 'expected a <paramArray> root'],
    ['<paramArray>1<int>2</int></paramArray>', 'holds text'],
    ['<paramArray><int>2</int>', 'not closed'],
    ['<paramArray><int>2</b></paramArray>', 'closes <int>'],
    ['<paramArray/><x/>', 'more than one root'],
    ['<!DOCTYPE paramArray><paramArray/>', 'DOCTYPE'],
    ['<paramArray><a>&ext;</a></paramArray>', 'reference &ext;'],
  ])('refuses %j', (text, message) => {
    const error = errorOf(() => splitXmlParamArray(text, limits));
    expect(error).toMatchObject({ status: 400, code: 'MALFORMED_BODY' });
    expect(error.message).toContain(message);
  });

  it('refuses nesting and argument counts beyond the limits', () => {
    const deep = `<paramArray>${'<a>'.repeat(64)}${'</a>'.repeat(64)}</paramArray>`;
    expect(errorOf(() => splitXmlParamArray(deep, limits))).toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
    const many = `<paramArray>${'<int>1</int>'.repeat(257)}</paramArray>`;
    expect(errorOf(() => splitXmlParamArray(many, limits))).toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
  });
});
