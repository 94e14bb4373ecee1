import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { parseXmlTree, type XmlNode, XmlScanError } from '../../src/serialization/xml-parser';

/**
 * A second, independent reader of the same documents: fast-xml-parser with its validator, turned
 * into the same tree (element names, children, decoded text and CDATA in document order).
 */
const reference = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
});

type Ordered = Array<Record<string, unknown>>;

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, ref: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[ref]) return named[ref];
    return String.fromCodePoint(
      ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10),
    );
  });
}

function referenceTree(text: string): XmlNode | undefined {
  const toNodes = (items: Ordered): XmlNode[] =>
    items.flatMap((item) =>
      Object.keys(item)
        .filter((key) => key !== '#text' && key !== '#cdata' && key !== ':@')
        .map((key) => toNode(key, item[key] as Ordered)),
    );
  const toNode = (name: string, content: Ordered): XmlNode => {
    const node: XmlNode = { name, children: [], text: '' };
    for (const item of content) {
      if ('#text' in item) node.text += decode(String(item['#text']));
      else if ('#cdata' in item) {
        for (const part of item['#cdata'] as Ordered) node.text += String(part['#text'] ?? '');
      } else node.children.push(...toNodes([item]));
    }
    return node;
  };
  return toNodes(reference.parse(text, true) as Ordered)[0];
}

const NAMES = ['a', 'b', 'mulInput', 'x-y', 'ns:el', '_u', 'é', 'int', 'A.1'];
/** A start tag's name and attributes, with the declaration its prefix needs (XML Namespaces 1.0). */
const startTag = (name: string, attributes: string) =>
  `${name}${name.startsWith('ns:') ? ' xmlns:ns="urn:ns"' : ''}${attributes}`;

/** Element content; `pis` adds processing instructions. */
const textPiece = (pis: boolean) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom('x', 'y', ' ', 'é', '😀', '"', "'", '>'), maxLength: 6 }),
    fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#65;', '&#x1F600;', '&#10;'),
    fc.constantFrom('\n', '\r\n', '\r', '\t'),
    fc
      .string({ unit: fc.constantFrom('c', '<', '&', ']', '\r\n'), maxLength: 6 })
      .map((s) => `<![CDATA[${s}]]>`.replace(/\]\]>(?=.*\]\]>)/g, '')),
    fc.constantFrom('<!-- a note -->', pis ? '<?pi some data?>' : '<!---->'),
  );

const attributes = fc
  .uniqueArray(fc.constantFrom('id', 'xml:lang', 'n', 'data-x'), { maxLength: 3 })
  .map((names) => names.map((name, i) => ` ${name}="v${i} &amp; &#34;"`).join(''));

const elementOf = (pis: boolean): fc.Arbitrary<string> =>
  fc.letrec<{ element: string }>((tie) => ({
    element: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(fc.constantFrom(...NAMES), attributes).map(([n, a]) => `<${startTag(n, a)}/>`),
      fc
        .tuple(
          fc.constantFrom(...NAMES),
          attributes,
          fc.array(fc.oneof(textPiece(pis), tie('element')), { maxLength: 5 }),
        )
        .map(([n, a, content]) =>
          `<${startTag(n, a)}>${content.join('')}</${n} >`.replace(' >', '>'),
        ),
    ),
  })).element;

const documentOf = (pis: boolean) =>
  fc
    .tuple(
      fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>', "\uFEFF<?xml version='1.0'?>"),
      fc.constantFrom('', '\n', '<!-- before -->\n'),
      elementOf(pis),
      fc.constantFrom('', '\n', '<!-- after -->'),
    )
    .map((parts) => parts.join(''));
const document = documentOf(true);

describe('the XML parser', () => {
  it('reads every well-formed document as a validating parser does', () => {
    fc.assert(
      fc.property(document, (text) => {
        expect(parseXmlTree(text, 64)).toEqual(referenceTree(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts nothing that a validating parser refuses, and throws nothing but XmlScanError', () => {
    // Without processing instructions: fast-xml-parser reads quotes inside one as attribute
    // quotes, so it refuses `<?pi "x?>`, which XML allows.
    const mutated = fc
      .tuple(
        documentOf(false),
        fc.nat(),
        fc.constantFrom('<', '>', '&', '/', '"', '', ']]>', '</a>', '--'),
      )
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + 1);
      });
    fc.assert(
      fc.property(mutated, (text) => {
        let ours: XmlNode | undefined;
        try {
          ours = parseXmlTree(text, 64);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlScanError);
          return;
        }
        expect(ours).toEqual(referenceTree(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a name as XML 1.0 (productions 4, 4a, 5) and XML Namespaces 1.0 (QName) define it', () => {
    const start =
      'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D' +
      '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
    // A name without a colon (NCName), then a QName: a prefix in scope, one colon, a local part.
    const ncName = `[${start}][${start}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`;
    const qName = new RegExp(`^(?:(a|xml):)?${ncName}$`, 'u');
    const chars = [...'aZ_:-.5é·\u0300\u203F𐀀×\u2000!'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars), maxLength: 6 }), (n) => {
        let read: string | undefined;
        try {
          read = parseXmlTree(`<${n} xmlns:a="urn:a"/>`, 64).name;
        } catch (error) {
          expect(error).toBeInstanceOf(XmlScanError);
        }
        expect(read).toBe(qName.test(n) ? n : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['<s>a\r\nb\rc</s>', 'a\nb\nc'],
    ['<s>&#13;&#xD;</s>', '\r\r'],
    ['<s><![CDATA[<x>&amp;\r\n]]>y</s>', '<x>&amp;\ny'],
    ['<s>a<!-- c -->b<?p q?>c</s>', 'abc'],
  ])('reads the text of %j as %j (line ends normalized, references not)', (text, expected) => {
    expect(parseXmlTree(text, 64).text).toBe(expected);
  });

  it.each([
    ['<a x="1" x="2"/>', /attribute x is given twice/],
    ['<!DOCTYPE a><a/>', /DOCTYPE/],
    ['<a>&ext;</a>', /reference &ext;/],
    ['<a><b></a>', /<\/a> closes <b>/],
    ['<a></ab>', /<\/ab> closes <a>/],
    ['<ab></a>', /<\/a> closes <ab>/],
    ['<a></a/>', /malformed end tag <\/a$/],
    ['<a/><b/>', /more than one root/],
    ['', /no root element/],
    ['<?xml version="1.0" encoding="ISO-8859-1"?><a/>', /encoding ISO-8859-1 is not supported/],
    ['<a><?xml version="1.0"?></a>', /XML declaration may only open the document/],
    ['<?xml version="2"?><a/>', /malformed XML declaration/],
    ['<?XML version="1.0"?><a/>', /XML declaration may only open the document/],
    ['<a><!-- x -- y --></a>', /"--" in a comment/],
    ['<a><!---></a>', /comment is not closed/],
    ['<a><?pi-x?><?pi"x?></a>', /malformed processing instruction/],
  ])('refuses %j', (text, message) => {
    expect(() => parseXmlTree(text, 64)).toThrow(message);
  });

  it('refuses nesting deeper than the limit, and marks it as the limit', () => {
    const deep = `${'<a>'.repeat(5)}${'</a>'.repeat(5)}`;
    expect(parseXmlTree(deep, 5).name).toBe('a');
    let caught: unknown;
    try {
      parseXmlTree(deep, 4);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(XmlScanError);
    expect((caught as XmlScanError).limit).toBe(true);
  });
});

/** Characters XML 1.0 forbids: controls, the two non-characters and a surrogate alone. */
const FORBIDDEN = ['\u0000', '\u0001', '\u001B', '\uFFFE', '\uFFFF', '\uD800', '\uDC00'];
const PLACES: Array<[string, (c: string) => string]> = [
  ['text', (c) => `<a>x${c}y</a>`],
  ['a CDATA section', (c) => `<a><![CDATA[x${c}y]]></a>`],
  ['a comment', (c) => `<a><!-- x${c}y --></a>`],
  ['a processing instruction', (c) => `<a><?pi x${c}y?></a>`],
  ['an attribute value', (c) => `<a b="x${c}y"/>`],
  ['an attribute name', (c) => `<a b${c}="1"/>`],
  ['an element name', (c) => `<a${c}b/>`],
  ['a comment before the root', (c) => `<!--${c}--><a/>`],
];

describe('the XML parser and the characters of XML 1.0', () => {
  it.each(
    PLACES.flatMap(([place, make]) =>
      FORBIDDEN.map((c): [string, string, string] => [place, showCodePoint(c), make(c)]),
    ),
  )('refuses in %s the character %s', (_place, _code, text) => {
    expect(() => parseXmlTree(text, 64)).toThrow(XmlScanError);
  });

  it.each([
    ['<a>x]]>y</a>', /"]]>" in text/],
    ['<a>]]></a>', /"]]>" in text/],
    ['\uFEFF\uFEFF<a/>', /text outside the root/],
    ['<\u00B7a/>', /malformed tag/],
    ['<a\u00D7/>', /malformed start tag/],
    ['<\u{F0000}/>', /malformed tag/],
    ['<x\u{F0000}/>', /malformed start tag/],
  ])('refuses %j', (text, message) => {
    expect(() => parseXmlTree(text, 64)).toThrow(message);
  });

  it.each([
    ['<a>]]&gt;</a>', ']]>'],
    ['<a>]] ></a>', ']] >'],
    ['<a><![CDATA[x]]>></a>', 'x>'],
    ['\uFEFF<a>\uFEFF</a>', '\uFEFF'],
    ['<a b="\u{1F600}\t"><!--\u{10FFFF}--><?p \uFFFD?>\u{1F600}</a>', '\u{1F600}'],
  ])('accepts %j', (text, expected) => {
    expect(parseXmlTree(text, 64).text).toBe(expected);
  });

  it.each(['a\u00B7b', '\u00C0\u0300', 'a\u203F', '\u{10000}x', '\u{EFFFF}'])(
    'reads the name %j as XML names are',
    (name) => {
      expect(parseXmlTree(`<${name}/>`, 64).name).toBe(name);
    },
  );

  it('refuses any document into which a character XML forbids is put, wherever it goes', () => {
    const spoiled = fc
      .tuple(document, fc.nat(), fc.constantFrom(...FORBIDDEN))
      .map(([text, at, c]) => {
        const i = at % (text.length + 1);
        // Not between the halves of a pair, which would leave two halves alone, not one.
        const j = /[\uDC00-\uDFFF]/.test(text[i] ?? '') ? i + 1 : i;
        return text.slice(0, j) + c + text.slice(j);
      });
    fc.assert(
      fc.property(spoiled, (text) => {
        expect(() => parseXmlTree(text, 64)).toThrow(XmlScanError);
      }),
      { numRuns: 2000 },
    );
  });
});

function showCodePoint(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
