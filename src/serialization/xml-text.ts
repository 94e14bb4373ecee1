import { isXmlSpace } from './xml-chars';

/** Text of XML elements: what the parser decodes and every writer of XML escapes. */

const ENTITY_TEXT: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

/**
 * Decodes the five predefined entities and numeric character references of checked text, in one
 * pass (a replace with a callback per reference costs microseconds each, see `npm run complexity`).
 */
export function decodeXmlText(text: string): string {
  let at = text.indexOf('&');
  if (at < 0) return text;
  const parts: string[] = [];
  let from = 0;
  while (at >= 0) {
    const end = text.indexOf(';', at);
    if (at > from) parts.push(text.slice(from, at));
    parts.push(decodeReference(text.slice(at + 1, end)));
    from = end + 1;
    at = text.indexOf('&', from);
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts.join('');
}

/** The text of a checked reference, given without its `&` and `;`. */
function decodeReference(ref: string): string {
  const entity = ENTITY_TEXT[ref];
  if (entity !== undefined && Object.hasOwn(ENTITY_TEXT, ref)) return entity;
  const hexadecimal = ref.charCodeAt(1) === 0x78;
  return String.fromCodePoint(
    Number.parseInt(ref.slice(hexadecimal ? 2 : 1), hexadecimal ? 16 : 10),
  );
}

/**
 * `text` without XML's white space (space, tab, CR, LF) at either end. `String.prototype.trim`
 * would also drop U+00A0, U+3000, U+FEFF, U+2028 and others, which XML counts as text.
 */
export function trimXmlSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isXmlSpace(text.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** True when `text` is XML's white space only, or empty. */
export function isXmlSpaceOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isXmlSpace(text.charCodeAt(i))) return false;
  return true;
}

/** The characters XML 1.0 cannot carry; with `u`, a surrogate matches only when it is alone. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/**
 * Escapes text for an XML element, dropping characters that XML cannot carry (a surrogate that is
 * not half of a pair among them, which UTF-8 cannot encode either). A carriage return
 * is written as `&#13;`: a reader turns a literal one into a line feed (XML 1.0 §2.11), and the
 * text would not read back as it was written.
 */
export function escapeXmlText(text: string): string {
  const clean = text.replace(NOT_XML, '');
  if (!/[&<>\r]/.test(clean)) return clean;
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Escapes XML text for an attribute value in double quotes. White space is written as references,
 * which a reader keeps as they are, where it would turn literal ones into spaces (XML 1.0 §3.3.3).
 */
export function escapeXmlAttribute(text: string): string {
  return text.replace(/[&<"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] as string);
}

/** `\r\n` and a lone `\r` as `\n`, as an XML processor reads line ends. */
export function normalizeLineEnds(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
