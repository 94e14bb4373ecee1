import { isXmlChar, showCodePoint } from './xml-chars';
import { checkChars, skipPast, type XmlCursor } from './xml-cursor';
import { referenceEnd, referenceError } from './xml-references';
import { XmlScanError } from './xml-scan-error';

/** What reading character data needs of the scanner, and what it leaves there. */
export interface TextState extends XmlCursor {
  /** The names of the elements open, outermost first. */
  readonly stack: readonly string[];
  /** True once the root holds text that is not white space besides its child elements. */
  rootHasText: boolean;
  /** Where the character data since the last markup starts. */
  readonly textStart: number;
  /** The character data since the last markup holds no reference and no carriage return. */
  plain: boolean;
}

/** Moves past the character `c` of character data, refusing what XML does not allow there. */
export function readChar(s: TextState, c: number): void {
  if (c === 0x20 || c === 0x9 || c === 0xa || c === 0xd) {
    if (c === 0xd) s.plain = false;
    s.i++;
    return;
  }
  if (s.stack.length === 0) throw new XmlScanError('text outside the root element');
  const cp = s.t.codePointAt(s.i) ?? 0;
  if (!isXmlChar(cp))
    throw new XmlScanError(`character ${showCodePoint(cp)} is not allowed in XML`);
  if (c === 0x3e && s.i - 2 >= s.textStart && s.t.startsWith(']]', s.i - 2)) {
    throw new XmlScanError('"]]>" in text: it may only end a CDATA section');
  }
  if (s.stack.length === 1) s.rootHasText = true;
  s.i += cp > 0xffff ? 2 : 1;
}

/** Moves past the reference at the cursor, refusing one that XML does not allow here. */
export function readReference(s: TextState): void {
  if (s.stack.length === 0) throw new XmlScanError('text outside the root element');
  const end = referenceEnd(s.t, s.i);
  if (end < 0) throw referenceError(s.t, s.i);
  if (s.stack.length === 1) s.rootHasText = true;
  s.plain = false;
  s.i = end;
}

/** Moves past the CDATA section at the cursor; returns where its content starts. */
export function skipCdata(s: TextState): number {
  if (s.stack.length === 0) throw new XmlScanError('CDATA outside the root element');
  if (s.stack.length === 1) s.rootHasText = true;
  const content = s.i + 9;
  s.i = content;
  skipPast(s, ']]>', 'CDATA section');
  checkChars(s, content, s.i - 3, 'a CDATA section');
  return content;
}
