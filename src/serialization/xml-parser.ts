import { badCharAt, isNameChar, isNameStartChar, isXmlChar, showCodePoint } from './xml-chars';
import {
  checkDefaultNamespace,
  inheritedDeclarations,
  PrefixScope,
  TagNamespaces,
} from './xml-namespaces';
import { XmlScanError } from './xml-scan-error';
import { decodeXmlText } from './xml-text';

/** Where a direct child element of the root starts and ends in the text. */
export interface XmlSpan {
  readonly start: number;
  readonly end: number;
  /** Where its name ends, and the root's declarations it needs there to stand alone, if any. */
  readonly nameEnd?: number;
  readonly declarations?: string;
}

/** What a scan learns of a document without building it. */
export interface XmlScan {
  readonly root: string;
  readonly children: readonly XmlSpan[];
  /** True when the root holds text that is not white space besides its child elements. */
  readonly rootHasText: boolean;
}

/** An element as the binder sees it: its name, child elements and text. */
export interface XmlNode {
  readonly name: string;
  readonly children: XmlNode[];
  /** The element's own text and CDATA, decoded, line ends normalized, in document order. */
  text: string;
  /**
   * The element has XML Schema's nil set to true (`xsi:nil="true"`, its prefix bound to the
   * schema instance namespace): XML's `null` where an element cannot be left out.
   */
  readonly nil?: true;
}

export { XmlScanError } from './xml-scan-error';

/** XML 1.0 production 23, XMLDecl: version, then optional encoding and standalone. */
const XML_DECLARATION =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*\?>/y;
/**
 * Checks an XML document in one pass and finds the spans of the root's child elements, without
 * building anything. Refuses a DOCTYPE (and so every entity declaration), references other than
 * the five predefined entities and numeric references of valid characters, characters XML does
 * not allow, more than one root, mismatched tags, and nesting deeper than `maxDepth`.
 */
export function scanXml(text: string, maxDepth: number): XmlScan {
  const s = new Scanner(text, maxDepth, false);
  s.run();
  if (s.root === undefined) throw new XmlScanError('no root element');
  return { root: s.root, children: s.children, rootHasText: s.rootHasText };
}

/**
 * The text of a child of the root, standing alone: with the declarations it takes from the root,
 * if any, so that it reads as it does in the whole document.
 */
export function spanText(text: string, span: XmlSpan): string {
  const { start, end, nameEnd, declarations } = span;
  if (nameEnd === undefined) return text.slice(start, end);
  return `${text.slice(start, nameEnd)}${declarations}${text.slice(nameEnd, end)}`;
}

/**
 * Parses an XML document into its tree of elements, in the same pass and under the same rules
 * as {@link scanXml}. Attributes are checked and dropped; comments and processing instructions
 * are dropped; line ends are normalized to `\n` as XML 1.0 asks, and references are decoded.
 */
export function parseXmlTree(text: string, maxDepth: number): XmlNode {
  const s = new Scanner(text, maxDepth, true);
  s.run();
  if (s.document === undefined) throw new XmlScanError('no root element');
  return s.document;
}

class Scanner {
  root: string | undefined;
  readonly children: XmlSpan[] = [];
  rootHasText = false;
  /** The root element, when building the tree. */
  document: XmlNode | undefined;
  private readonly stack: string[] = [];
  /** The elements open, when building the tree. */
  private readonly open: XmlNode[] = [];
  /** Where the document starts: after a byte order mark, if there is one. */
  private readonly begin: number;
  private i: number;
  private childStart = -1;
  /** The start tag being read has XML Schema's nil set to `true` (or `1`). */
  private nil = false;
  /** The namespace prefixes in scope: made at the first tag with a prefixed attribute. */
  private scope: PrefixScope | undefined;
  /** The current start tag's prefixed attributes, when it has any. */
  private tag: TagNamespaces | undefined;
  /** The prefixes of the root that the current child's nil attributes use, when scanning. */
  private inherited: Map<string, string> | undefined;
  private childNameEnd = -1;
  /** Where the character data since the last markup starts. */
  private textStart: number;

  constructor(
    private readonly t: string,
    private readonly maxDepth: number,
    private readonly build: boolean,
  ) {
    this.begin = t.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.i = this.begin;
    this.textStart = this.begin;
  }

  run(): void {
    const t = this.t;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 0x3c) this.markup();
      else if (c === 0x26) this.reference();
      else this.char(c);
    }
    if (this.stack.length > 0)
      throw new XmlScanError(`element <${this.stack.at(-1)}> is not closed`);
  }

  private char(c: number): void {
    const ws = c === 0x20 || c === 0x9 || c === 0xa || c === 0xd;
    if (!ws) {
      if (this.stack.length === 0) throw new XmlScanError('text outside the root element');
      const cp = this.t.codePointAt(this.i) ?? 0;
      if (!isXmlChar(cp))
        throw new XmlScanError(`character ${showCodePoint(cp)} is not allowed in XML`);
      if (c === 0x3e && this.i - 2 >= this.textStart && this.t.startsWith(']]', this.i - 2)) {
        throw new XmlScanError('"]]>" in text: it may only end a CDATA section');
      }
      if (this.stack.length === 1) this.rootHasText = true;
      if (cp > 0xffff) this.i++;
    }
    this.i++;
  }

  private reference(): void {
    if (this.stack.length === 0) throw new XmlScanError('text outside the root element');
    const end = referenceEnd(this.t, this.i);
    if (end < 0) {
      const semicolon = this.t.indexOf(';', this.i);
      const shown =
        semicolon > 0 && semicolon - this.i <= 12
          ? this.t.slice(this.i, semicolon + 1)
          : `${this.t.slice(this.i, this.i + 12)}…`;
      throw new XmlScanError(
        `reference ${shown} is not allowed: only the predefined entities and numeric references are`,
      );
    }
    if (this.stack.length === 1) this.rootHasText = true;
    this.i = end;
  }

  private markup(): void {
    const t = this.t;
    if (this.build) this.takeText();
    if (t.startsWith('<!--', this.i)) this.comment();
    else if (t.startsWith('<![CDATA[', this.i)) {
      if (this.stack.length === 0) throw new XmlScanError('CDATA outside the root element');
      if (this.stack.length === 1) this.rootHasText = true;
      const content = this.i + 9;
      this.i = content;
      this.skipPast(']]>', 'CDATA section');
      this.checkChars(content, this.i - 3, 'a CDATA section');
      if (this.build) this.addText(normalizeLineEnds(t.slice(content, this.i - 3)));
    } else if (t.startsWith('<!', this.i)) {
      throw new XmlScanError('DOCTYPE and other declarations are not allowed');
    } else if (t.startsWith('<?', this.i)) this.processingInstruction();
    else if (t.startsWith('</', this.i)) this.endTag();
    else this.startTag();
    this.textStart = this.i;
  }

  /** Skips a comment; XML allows no `--` within one, nor a `-` right before its end. */
  private comment(): void {
    const start = this.i + 4;
    const end = this.t.indexOf('-->', start);
    if (end < 0) throw new XmlScanError('comment is not closed');
    // The end's own "--" is found at the latest; one before it is inside the comment.
    if (this.t.indexOf('--', start) < end) throw new XmlScanError('"--" in a comment');
    this.checkChars(start, end, 'a comment');
    this.i = end + 3;
  }

  /**
   * Skips a processing instruction. Its target must be a name; the targets spelled `xml` in any
   * case are reserved to the XML declaration, which may only open the document, in its grammar.
   */
  private processingInstruction(): void {
    const start = this.i;
    this.i += 2;
    const target = this.name();
    if (target.toLowerCase() === 'xml') {
      if (start !== this.begin || target !== 'xml') {
        throw new XmlScanError('an XML declaration may only open the document');
      }
      XML_DECLARATION.lastIndex = start;
      const declaration = XML_DECLARATION.exec(this.t);
      if (!declaration) throw new XmlScanError('malformed XML declaration');
      const encoding = declaration[3]?.toLowerCase();
      if (encoding && encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'us-ascii') {
        throw new XmlScanError(`encoding ${declaration[3]} is not supported: send UTF-8`);
      }
      this.i = start + declaration[0].length;
      return;
    }
    const c = this.t.charCodeAt(this.i);
    if (!(c === 0x3f || c === 0x20 || c === 0x9 || c === 0xa || c === 0xd)) {
      throw new XmlScanError('malformed processing instruction');
    }
    const content = this.i;
    this.skipPast('?>', 'processing instruction');
    this.checkChars(content, this.i - 2, 'a processing instruction');
  }

  /** Refuses a character XML does not allow between `from` and `to`, naming where it was. */
  private checkChars(from: number, to: number, where: string): void {
    const at = badCharAt(this.t, from, to);
    if (at >= 0) {
      const cp = this.t.codePointAt(at) ?? 0;
      throw new XmlScanError(`character ${showCodePoint(cp)} is not allowed in ${where}`);
    }
  }

  /** Adds the character data since the last markup to the open element. */
  private takeText(): void {
    if (this.i > this.textStart && this.open.length > 0) {
      this.addText(decodeXmlText(normalizeLineEnds(this.t.slice(this.textStart, this.i))));
    }
  }

  private addText(text: string): void {
    const node = this.open.at(-1);
    if (node) node.text += text;
  }

  private skipPast(terminator: string, what: string): void {
    const end = this.t.indexOf(terminator, this.i);
    if (end < 0) throw new XmlScanError(`${what} is not closed`);
    this.i = end + terminator.length;
  }

  private startTag(): void {
    const tagStart = this.i;
    this.i++;
    const name = this.name();
    if (this.stack.length === 0 && this.root !== undefined) {
      throw new XmlScanError('more than one root element');
    }
    if (this.stack.length === 1) {
      this.childStart = tagStart;
      this.childNameEnd = this.i;
      this.inherited?.clear();
    }
    this.nil = false;
    const selfClosing = this.attributes();
    if (this.tag?.pending()) this.resolveNamespaces(this.tag);
    if (this.stack.length === 0) this.root ??= name;
    if (this.build) this.addElement(name, selfClosing);
    if (selfClosing) {
      this.scope?.close(this.stack.length);
      if (this.stack.length === 1) this.addChild(this.i);
      return;
    }
    if (this.stack.length >= this.maxDepth) {
      throw new XmlScanError(`nesting deeper than ${this.maxDepth}`, true);
    }
    this.stack.push(name);
  }

  private addElement(name: string, empty: boolean): void {
    const node: XmlNode = this.nil
      ? { name, children: [], text: '', nil: true }
      : { name, children: [], text: '' };
    const parent = this.open.at(-1);
    if (parent) parent.children.push(node);
    else this.document = node;
    if (!empty) this.open.push(node);
  }

  private endTag(): void {
    this.i += 2;
    const name = this.name();
    this.skipSpace();
    if (this.t.charCodeAt(this.i) !== 0x3e) throw new XmlScanError(`malformed end tag </${name}`);
    this.i++;
    const open = this.stack.pop();
    if (open !== name) {
      throw new XmlScanError(
        open === undefined ? `unexpected </${name}>` : `</${name}> closes <${open}>`,
      );
    }
    if (this.build) this.open.pop();
    this.scope?.close(this.stack.length);
    if (this.stack.length === 1) this.addChild(this.i);
  }

  private addChild(end: number): void {
    const start = this.childStart;
    if (!this.inherited?.size) this.children.push({ start, end });
    else {
      const declarations = inheritedDeclarations(this.inherited);
      this.children.push({ start, end, nameEnd: this.childNameEnd, declarations });
    }
  }

  /** Skips the attributes of a start tag; true when the tag closes itself. */
  private attributes(): boolean {
    const t = this.t;
    // A set, not an array: a tag with many attributes must not cost their square (issue 11).
    let names: Set<string> | undefined;
    for (;;) {
      const hadSpace = this.skipSpace();
      const c = t.charCodeAt(this.i);
      if (c === 0x3e) {
        this.i++;
        return false;
      }
      if (c === 0x2f && t.charCodeAt(this.i + 1) === 0x3e) {
        this.i += 2;
        return true;
      }
      if (!hadSpace || Number.isNaN(c)) throw new XmlScanError('malformed start tag');
      const name = this.name();
      names ??= new Set();
      if (names.has(name)) throw new XmlScanError(`attribute ${name} is given twice`);
      names.add(name);
      this.skipSpace();
      if (t.charCodeAt(this.i) !== 0x3d) throw new XmlScanError('attribute without a value');
      this.i++;
      this.skipSpace();
      const quote = t[this.i];
      if (quote !== '"' && quote !== "'") throw new XmlScanError('attribute value is not quoted');
      const end = t.indexOf(quote, this.i + 1);
      if (end < 0) throw new XmlScanError('attribute value is not closed');
      const value = t.slice(this.i + 1, end);
      if (value.includes('<')) throw new XmlScanError('"<" in an attribute value');
      this.checkChars(this.i + 1, end, 'an attribute value');
      checkReferences(value);
      const colon = name.indexOf(':');
      if (colon > 0) {
        this.tag ??= new TagNamespaces();
        this.tag.add(name, colon, value);
      } else if (name === 'xmlns') checkDefaultNamespace(value);
      this.i = end + 1;
    }
  }

  /** Declares the tag's prefixes for its element, and reads its nil by namespace, not by prefix. */
  private resolveNamespaces(tag: TagNamespaces): void {
    this.scope ??= new PrefixScope();
    // Scanning, a child of the root must stand alone: note what it takes from the root's scope.
    if (!this.build) this.inherited ??= new Map();
    this.nil = tag.resolve(this.scope, this.stack.length, this.inherited);
  }

  /** Reads a name by XML's productions; a character they do not allow ends it. */
  private name(): string {
    const t = this.t;
    const start = this.i;
    let cp = t.codePointAt(this.i) ?? -1;
    if (!isNameStartChar(cp)) throw new XmlScanError(`malformed tag at offset ${start}`);
    do {
      this.i += cp > 0xffff ? 2 : 1;
      cp = t.codePointAt(this.i) ?? -1;
    } while (isNameChar(cp));
    return t.slice(start, this.i);
  }

  private skipSpace(): boolean {
    const start = this.i;
    for (;;) {
      const c = this.t.charCodeAt(this.i);
      if (c !== 0x20 && c !== 0x9 && c !== 0xa && c !== 0xd) return this.i > start;
      this.i++;
    }
  }
}

const PREDEFINED = ['lt;', 'gt;', 'amp;', 'quot;', 'apos;'];

/**
 * The offset after the reference whose `&` is at `at`, or -1 when it is not one XML allows here:
 * a predefined entity, or a numeric reference of a character XML allows, with any number of
 * leading zeros (`&#0000000050;`). One pass over the reference, however long.
 */
export function referenceEnd(text: string, at: number): number {
  let i = at + 1;
  if (text.charCodeAt(i) !== 0x23) {
    const name = PREDEFINED.find((entity) => text.startsWith(entity, i));
    return name === undefined ? -1 : i + name.length;
  }
  i++;
  const hexadecimal = text.charCodeAt(i) === 0x78;
  if (hexadecimal) i++;
  const first = i;
  let cp = 0;
  for (let digit = digitValue(text.charCodeAt(i), hexadecimal); digit >= 0; ) {
    // Capped just past the last code point, so that a long run of digits stays a small number.
    cp = Math.min(cp * (hexadecimal ? 16 : 10) + digit, 0x110000);
    digit = digitValue(text.charCodeAt(++i), hexadecimal);
  }
  if (i === first || text.charCodeAt(i) !== 0x3b || !isXmlChar(cp)) return -1;
  return i + 1;
}

function digitValue(c: number, hexadecimal: boolean): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (!hexadecimal) return -1;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

function checkReferences(value: string): void {
  for (let at = value.indexOf('&'); at >= 0; at = value.indexOf('&', at + 1)) {
    if (referenceEnd(value, at) < 0) {
      throw new XmlScanError('reference in an attribute value is not allowed');
    }
  }
}

/** `\r\n` and a lone `\r` as `\n`, as an XML processor reads line ends. */
function normalizeLineEnds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
