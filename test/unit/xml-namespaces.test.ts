import fc from 'fast-check';
import { splitXmlParamArray } from '../../src/entry-point/rmc-splitter';
import { parseXmlTree, type XmlNode, XmlScanError } from '../../src/serialization/xml-parser';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** An element with its namespace declarations and prefixed attributes, in document order. */
interface Element {
  readonly name: string;
  readonly attributes: readonly Attribute[];
  readonly children: readonly Element[];
}
/** A namespace as written in an attribute value, and as it reads once its references are decoded. */
interface Uri {
  readonly text: string;
  readonly uri: string;
}
type Attribute =
  | { readonly kind: 'declare'; readonly prefix: string; readonly uri: Uri }
  | { readonly kind: 'default'; readonly uri: Uri }
  | { readonly kind: 'nil'; readonly prefix: string; readonly value: string }
  | { readonly kind: 'other'; readonly prefix: string };

const same = (uri: string): Uri => ({ text: uri, uri });
const URIS: readonly Uri[] = [
  same(XSI),
  same('urn:other'),
  same(`${XSI}/`),
  same(''),
  same(XML_NS),
  same(XMLNS_NS),
  { text: `&#104;${XSI.slice(1)}`, uri: XSI },
  { text: 'urn:&quot;q&amp;&lt;&#9;', uri: 'urn:"q&<\t' },
];
const PREFIXES = ['xsi', 'x', 'p', 'xml'];
const attribute: fc.Arbitrary<Attribute> = fc.oneof(
  fc.record({
    kind: fc.constant('declare' as const),
    prefix: fc.constantFrom('xsi', 'x', 'p', 'xml', 'xmlns'),
    uri: fc.constantFrom(...URIS),
  }),
  fc.record({ kind: fc.constant('default' as const), uri: fc.constantFrom(...URIS) }),
  fc.record({
    kind: fc.constant('nil' as const),
    prefix: fc.constantFrom(...PREFIXES),
    value: fc.constantFrom('true', '1', 'false', '0', ' true', '0 '),
  }),
  fc.record({ kind: fc.constant('other' as const), prefix: fc.constantFrom(...PREFIXES) }),
);
/** The attribute's name as written. */
function attributeName(a: Attribute): string {
  if (a.kind === 'default') return 'xmlns';
  if (a.kind === 'declare') return `xmlns:${a.prefix}`;
  return `${a.prefix}:${a.kind === 'nil' ? 'nil' : 'y'}`;
}
const attributes = fc.uniqueArray(attribute, { maxLength: 4, selector: attributeName });
/** Unprefixed names, and prefixed ones: declared or not where they are used, `xml` always. */
const NAME = fc.constantFrom('a', 'string', 'x:el', 'p:el', 'xsi:el', 'xml:el', 'xmlns:el');
function elementOf(
  name: fc.Arbitrary<string>,
  attributes: fc.Arbitrary<Attribute[]>,
): fc.Arbitrary<Element> {
  return fc.letrec<{ element: Element }>((tie) => ({
    element: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ name, attributes, children: fc.constant([]) }),
      fc.record({ name, attributes, children: fc.array(tie('element'), { maxLength: 3 }) }),
    ),
  })).element;
}
const element = elementOf(NAME, attributes);
/**
 * Elements whose declarations XML Namespaces 1.0 allows, so that what decides is where each
 * prefix is declared and used: on the element, an ancestor, a sibling, or nowhere.
 */
const scoped = elementOf(
  fc.constantFrom('a', 'p:el', 'q:el', 'xml:el'),
  fc.uniqueArray(
    fc.oneof(
      fc.record({
        kind: fc.constant('declare' as const),
        prefix: fc.constantFrom('p', 'q'),
        uri: fc.constantFrom(same('urn:1'), same('urn:2')),
      }),
      fc.record({ kind: fc.constant('other' as const), prefix: fc.constantFrom('p', 'q', 'xml') }),
    ),
    { maxLength: 3, selector: attributeName },
  ),
);

function attributeText(a: Attribute): string {
  if (a.kind === 'default') return ` xmlns="${a.uri.text}"`;
  if (a.kind === 'declare') return ` xmlns:${a.prefix}="${a.uri.text}"`;
  return ` ${attributeName(a)}="${a.kind === 'nil' ? a.value : 'v'}"`;
}

/**
 * Whether XML Namespaces 1.0 allows the declaration: no undeclaring (`xmlns:p=""`), no `xmlns:xmlns`,
 * `xml` bound to its namespace only and no other prefix bound to it, none to that of `xmlns`.
 */
function allowed(a: Attribute): boolean {
  if (a.kind === 'nil' || a.kind === 'other') return true;
  const { uri } = a.uri;
  if (a.kind === 'default') return uri !== XML_NS && uri !== XMLNS_NS;
  if (a.prefix === 'xmlns' || uri === '' || uri === XMLNS_NS) return false;
  return (a.prefix === 'xml') === (uri === XML_NS);
}

function write(e: Element): string {
  const open = `<${e.name}${e.attributes.map(attributeText).join('')}`;
  if (e.children.length === 0) return `${open}/>`;
  return `${open}>${e.children.map(write).join('')}</${e.name}>`;
}

/** The namespace of `prefix` in `scope`: `xml` is always bound, `xmlns` never to a name's prefix. */
const namespaceOf = (prefix: string, scope: ReadonlyMap<string, string>) =>
  prefix === 'xml' ? XML_NS : scope.get(prefix);

/**
 * What a namespace-aware reader makes of the tree: the nil of each element, by the namespace its
 * prefix is bound to in scope, or a refusal: a prefix of an element or an attribute out of scope
 * (a declaration's scope is its element), two attributes of one namespace and local part.
 */
function model(e: Element, scope: ReadonlyMap<string, string>): XmlNode | 'refused' {
  if (!e.attributes.every(allowed)) return 'refused';
  const inner = new Map(scope);
  for (const a of e.attributes) if (a.kind === 'declare') inner.set(a.prefix, a.uri.uri);
  const colon = e.name.indexOf(':');
  if (colon >= 0 && namespaceOf(e.name.slice(0, colon), inner) === undefined) return 'refused';
  const expanded = new Set<string>();
  let nil = false;
  for (const a of e.attributes) {
    if (a.kind !== 'nil' && a.kind !== 'other') continue;
    const uri = namespaceOf(a.prefix, inner);
    const local = a.kind === 'nil' ? 'nil' : 'y';
    if (uri === undefined || expanded.has(`{${uri}}${local}`)) return 'refused';
    expanded.add(`{${uri}}${local}`);
    if (a.kind === 'nil' && uri === XSI) nil = a.value.trim() === 'true' || a.value.trim() === '1';
  }
  const children: XmlNode[] = [];
  for (const child of e.children) {
    const read = model(child, inner);
    if (read === 'refused') return read;
    children.push(read);
  }
  return nil
    ? { name: e.name, children, text: '', nil: true }
    : { name: e.name, children, text: '' };
}

function read(text: string): XmlNode | 'refused' {
  try {
    return parseXmlTree(text, 64);
  } catch (error) {
    if (error instanceof XmlScanError) return 'refused';
    throw error;
  }
}

const LIMITS = { maxArgs: 256, maxDepth: 64 };

describe("XML Schema's nil and the other prefixes, read by their namespace", () => {
  it('accepts a document iff every prefix it uses is in scope, and reads nil by its namespace', () => {
    fc.assert(
      fc.property(element, (e) => {
        expect(read(write(e))).toEqual(model(e, new Map()));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts a document iff each prefix is declared on the element that uses it or one holding it', () => {
    fc.assert(
      fc.property(scoped, (e) => {
        expect(read(write(e))).toEqual(model(e, new Map()));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads each argument of a <paramArray> alone as it reads in the whole document, prefixes and all', () => {
    const params = fc.record({
      name: fc.constant('paramArray'),
      attributes: attributes.map((list) => list.filter((a) => a.kind === 'declare')),
      children: fc.array(element, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(params, (root) => {
        const whole = model(root, new Map());
        let parts: string[];
        try {
          parts = splitXmlParamArray(write(root), LIMITS);
        } catch {
          expect(whole).toBe('refused');
          return;
        }
        expect(whole).not.toBe('refused');
        expect(parts.map(read)).toEqual((whole as XmlNode).children);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [`<s xmlns:i="${XSI}" i:nil="true"/>`, true],
    [`<a xmlns:xsi="${XSI}"><s xsi:nil="1"/></a>`, true],
    [`<s xsi:nil="true" xmlns:xsi="${XSI}"/>`, true],
    [`<s xmlns:xsi="urn:other" xsi:nil="true"/>`, false],
    [`<a xmlns:xsi="${XSI}"><s xmlns:xsi="urn:other" xsi:nil="true"/></a>`, false],
    [`<s xmlns:xsi="${XSI}" xsi:nil="false"/>`, false],
    [`<s xmlns:xsi="${XSI}" nil="true"/>`, false],
    // An attribute's value is read after its references and with XML Schema's boolean spaces.
    [`<s xmlns:xsi="${XSI}" xsi:nil=" true "/>`, true],
    [`<s xmlns:xsi="${XSI}" xsi:nil="&#116;rue"/>`, true],
    [`<s xmlns:xsi="${XSI}" xsi:nil="\n1\t"/>`, true],
    [`<s xmlns:xsi="${XSI}" xsi:nil=" 0"/>`, false],
    [`<s xmlns:xsi="urn:other" xsi:nil="yes"/>`, false],
  ])('reads %s as nil: %s', (text, nil) => {
    const root = parseXmlTree(text, 64);
    const s = root.name === 's' ? root : root.children[0]!;
    expect(s.nil === true).toBe(nil);
  });

  it.each([
    ['<s xsi:nil="true"/>', 'prefix xsi of xsi:nil is not declared'],
    [`<s xmlns:a="${XSI}" xmlns:b="${XSI}" a:nil="true" b:nil="true"/>`, 'nil is given twice'],
    [`<s xmlns:xsi="${XSI}" xsi:nil="yes"/>`, 'xsi:nil="yes" is not true, false, 1 or 0'],
    [`<s xmlns:xsi="${XSI}" xsi:nil=""/>`, 'xsi:nil="" is not true, false, 1 or 0'],
  ])('refuses %s', (text, message) => {
    expect(() => parseXmlTree(text, 64)).toThrow(message);
  });

  it.each([
    ['<s xmlns:p=""/>', 'xmlns:p="" undeclares prefix p, which XML Namespaces 1.0 does not allow'],
    ['<a xmlns:p="urn:p"><s xmlns:p=""/></a>', 'xmlns:p="" undeclares prefix p'],
    [`<s xmlns:xmlns="${XMLNS_NS}"/>`, 'prefix xmlns may not be declared'],
    ['<s xmlns:xml="urn:x"/>', `only prefix xml may be bound to ${XML_NS}, and only to it`],
    [`<s xmlns:p="${XML_NS}"/>`, `only prefix xml may be bound to ${XML_NS}, and only to it`],
    [`<s xmlns:p="${XMLNS_NS}"/>`, `prefix p may not be bound to ${XMLNS_NS}`],
    [`<s xmlns="${XML_NS}"/>`, `the default namespace may not be ${XML_NS}`],
    [
      `<s xmlns="&#104;ttp://www.w3.org/2000/xmlns/"/>`,
      `the default namespace may not be ${XMLNS_NS}`,
    ],
  ])('refuses the declaration in %s', (text, message) => {
    expect(() => parseXmlTree(text, 64)).toThrow(message);
    expect(() => splitXmlParamArray(`<paramArray>${text}</paramArray>`, LIMITS)).toThrow(message);
  });

  it.each([`<s xmlns:xml="${XML_NS}"/>`, '<s xmlns=""/>', '<s xmlns="urn:d" xmlns:p="urn:p"/>'])(
    'takes the declaration in %s',
    (text) => {
      expect(parseXmlTree(text, 64)).toEqual({ name: 's', children: [], text: '' });
    },
  );

  it('gives an argument the declaration of the root that its nil uses, and no other', () => {
    const text = `<paramArray xmlns:i="${XSI}" xmlns:o="urn:&quot;o&quot;"><s i:nil="true"/><t o:nil="1"/><u/></paramArray>`;
    expect(splitXmlParamArray(text, LIMITS)).toEqual([
      `<s xmlns:i="${XSI}" i:nil="true"/>`,
      '<t xmlns:o="urn:&quot;o&quot;" o:nil="1"/>',
      '<u/>',
    ]);
  });
});
