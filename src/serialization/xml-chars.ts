/**
 * The characters of XML 1.0 (fifth edition): what a document may hold (production 2, Char) and
 * what may start and continue a name (productions 4 and 4a). Each check is a few comparisons on
 * a code point, so the reader stays one pass without a pattern that could backtrack.
 */

/** True for a code point that XML 1.0 allows in a document. */
export function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** True for XML's white space: space, tab, carriage return and line feed, and nothing else. */
export function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x9 || c === 0xa || c === 0xd;
}

/**
 * The offset of the first character of `text` between `from` and `to` that XML does not allow
 * (a surrogate that is not half of a pair among them), or -1.
 */
export function badCharAt(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0xd800) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (i + 1 >= to || low < 0xdc00 || low > 0xdfff) return i;
      i++;
    } else if (!isXmlChar(c)) return i;
  }
  return -1;
}

/** True for a code point that may start an XML name (production 4, NameStartChar). */
export function isNameStartChar(cp: number): boolean {
  if (cp < 0x80) {
    return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || cp === 0x5f || cp === 0x3a;
  }
  return (
    (cp >= 0xc0 && cp <= 0xd6) ||
    (cp >= 0xd8 && cp <= 0xf6) ||
    (cp >= 0xf8 && cp <= 0x2ff) ||
    (cp >= 0x370 && cp <= 0x37d) ||
    (cp >= 0x37f && cp <= 0x1fff) ||
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0x2070 && cp <= 0x218f) ||
    (cp >= 0x2c00 && cp <= 0x2fef) ||
    (cp >= 0x3001 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfdcf) ||
    (cp >= 0xfdf0 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0xeffff)
  );
}

/** True for a code point that may continue an XML name (production 4a, NameChar). */
export function isNameChar(cp: number): boolean {
  return (
    isNameStartChar(cp) ||
    (cp >= 0x30 && cp <= 0x39) ||
    cp === 0x2d ||
    cp === 0x2e ||
    cp === 0xb7 ||
    (cp >= 0x300 && cp <= 0x36f) ||
    cp === 0x203f ||
    cp === 0x2040
  );
}

/** A code point as XML's specification writes it: `U+FFFE`. */
export function showCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * True for a name an element can have under XML Namespaces 1.0 without a prefix (an NCName): a
 * name-start character first, then name characters, and no colon. A member named `a b`, `1st`
 * or `x:y` has none, so XML cannot carry it.
 */
export function isXmlElementName(name: string): boolean {
  let first = true;
  for (const char of name) {
    const cp = char.codePointAt(0) as number;
    if (cp === 0x3a || !(first ? isNameStartChar(cp) : isNameChar(cp))) return false;
    first = false;
  }
  return !first;
}
