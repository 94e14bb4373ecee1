import { badCharAt, isNameChar, isNameStartChar, showCodePoint } from './xml-chars';
import { checkQName } from './xml-qname';
import { XmlScanError } from './xml-scan-error';

/** XML 1.0 production 23, XMLDecl: version, then optional encoding and standalone. */
const XML_DECLARATION =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*\?>/y;

/**
 * A reader's place in an XML document. The functions here read what needs no more than that:
 * names, white space, and the markup that leaves nothing in the tree (comments and processing
 * instructions). Functions over the scanner, not a base class: a derived class's constructor
 * costs each document a call that TurboFan does not inline.
 */
export interface XmlCursor {
  readonly t: string;
  i: number;
  /** Where the document starts: after a byte order mark, if there is one. */
  readonly begin: number;
  /** Where the first colon of the name read last is in it, or -1 when it has none. */
  colon: number;
}

/** Skips a comment; XML allows no `--` within one, nor a `-` right before its end. */
export function skipComment(c: XmlCursor): void {
  const start = c.i + 4;
  const end = c.t.indexOf('-->', start);
  if (end < 0) throw new XmlScanError('comment is not closed');
  // The end's own "--" is found at the latest; one before it is inside the comment.
  if (c.t.indexOf('--', start) < end) throw new XmlScanError('"--" in a comment');
  checkChars(c, start, end, 'a comment');
  c.i = end + 3;
}

/**
 * Skips a processing instruction. Its target must be a name; the targets spelled `xml` in any
 * case are reserved to the XML declaration, which may only open the document, in its grammar.
 */
export function skipProcessingInstruction(c: XmlCursor): void {
  const start = c.i;
  c.i += 2;
  const target = readName(c);
  if (c.colon >= 0) {
    throw new XmlScanError(
      `processing instruction target ${target} has a colon, which XML Namespaces 1.0 does not allow`,
    );
  }
  if (target.toLowerCase() === 'xml') {
    if (start !== c.begin || target !== 'xml') {
      throw new XmlScanError('an XML declaration may only open the document');
    }
    XML_DECLARATION.lastIndex = start;
    const declaration = XML_DECLARATION.exec(c.t);
    if (!declaration) throw new XmlScanError('malformed XML declaration');
    const encoding = declaration[3]?.toLowerCase();
    if (encoding && encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'us-ascii') {
      throw new XmlScanError(`encoding ${declaration[3]} is not supported: send UTF-8`);
    }
    c.i = start + declaration[0].length;
    return;
  }
  const next = c.t.charCodeAt(c.i);
  if (!(next === 0x3f || next === 0x20 || next === 0x9 || next === 0xa || next === 0xd)) {
    throw new XmlScanError('malformed processing instruction');
  }
  const content = c.i;
  skipPast(c, '?>', 'processing instruction');
  checkChars(c, content, c.i - 2, 'a processing instruction');
}

/** Refuses a character XML does not allow between `from` and `to`, naming where it was. */
export function checkChars(c: XmlCursor, from: number, to: number, where: string): void {
  const at = badCharAt(c.t, from, to);
  if (at >= 0) {
    const cp = c.t.codePointAt(at) ?? 0;
    throw new XmlScanError(`character ${showCodePoint(cp)} is not allowed in ${where}`);
  }
}

/** Moves past the next `terminator`, which must come: `what` names the construct it closes. */
export function skipPast(c: XmlCursor, terminator: string, what: string): void {
  const end = c.t.indexOf(terminator, c.i);
  if (end < 0) throw new XmlScanError(`${what} is not closed`);
  c.i = end + terminator.length;
}

/**
 * 1 for the ASCII characters that may continue an XML name, by {@link isNameChar}, but the colon,
 * which is 2: a name's colon is found in the same look-up that reads it.
 */
const ASCII_NAME_CHARS = Uint8Array.from({ length: 0x80 }, (_, c) =>
  c === 0x3a ? 2 : isNameChar(c) ? 1 : 0,
);

/**
 * Reads a name by XML's productions; a character they do not allow ends it. ASCII characters are
 * looked up in a table, the others by code point. A name with a colon must also be a QName of
 * XML Namespaces 1.0; where its colon is is left in {@link XmlCursor.colon}.
 */
export function readName(c: XmlCursor): string {
  const t = c.t;
  const start = c.i;
  const first = t.codePointAt(start) ?? -1;
  if (!isNameStartChar(first)) throw new XmlScanError(`malformed tag at offset ${start}`);
  let colon = first === 0x3a ? 0 : -1;
  let i = start + (first > 0xffff ? 2 : 1);
  for (;;) {
    const ch = t.charCodeAt(i);
    if (ch < 0x80) {
      const kind = ASCII_NAME_CHARS[ch];
      if (kind !== 1) {
        if (kind === 0) break;
        if (colon < 0) colon = i - start;
      }
      i++;
    } else {
      // Past the end, charCodeAt is NaN and codePointAt undefined: the name ends there.
      const cp = t.codePointAt(i) ?? -1;
      if (!isNameChar(cp)) break;
      i += cp > 0xffff ? 2 : 1;
    }
  }
  c.i = i;
  c.colon = colon;
  if (colon >= 0) checkQName(t, start, start + colon, i);
  return t.slice(start, i);
}

/**
 * Reads the name of an end tag: that of the element it closes, `open`, is compared in place when
 * `>` or white space follows it (with no {@link XmlCursor.colon}), any other is read as a name.
 */
export function readEndName(c: XmlCursor, open: string | undefined): string {
  if (open === undefined) return readName(c);
  const next = c.t.charCodeAt(c.i + open.length);
  const ends = next === 0x3e || next === 0x20 || next === 0x9 || next === 0xa || next === 0xd;
  if (!ends || !c.t.startsWith(open, c.i)) return readName(c);
  c.i += open.length;
  return open;
}

/** Moves past XML's white space; true when there was some. */
export function skipSpace(c: XmlCursor): boolean {
  const start = c.i;
  for (;;) {
    const ch = c.t.charCodeAt(c.i);
    if (ch !== 0x20 && ch !== 0x9 && ch !== 0xa && ch !== 0xd) return c.i > start;
    c.i++;
  }
}
