import { BindError } from './sequence';

/** The value of the four hexadecimal digits at `at`, or -1 where they are not. */
function hexAt(text: string, at: number): number {
  if (at + 4 > text.length) return -1;
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i) | 0x20;
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Refuses a JSON text whose strings hold a surrogate alone, written as an escape (`"\ud800"`):
 * `JSON.parse` takes it, and the method would get a string that is not Unicode text, which XML
 * cannot carry, a database may refuse, and I-JSON (RFC 7493) forbids. A UTF-8 body cannot hold one
 * otherwise. One pass, and none for a text without `\u`.
 */
export function checkJsonSurrogates(text: string): void {
  if (!text.includes('\\u')) return;
  for (let i = text.indexOf('\\'); i >= 0 && i < text.length; i = text.indexOf('\\', i)) {
    if (text.charCodeAt(i + 1) !== 0x75) {
      i += 2;
      continue;
    }
    const code = hexAt(text, i + 2);
    if (isLow(code)) throw alone(text, i);
    if (isHigh(code)) {
      const paired = text.charCodeAt(i + 6) === 0x5c && text.charCodeAt(i + 7) === 0x75;
      if (!(paired && isLow(hexAt(text, i + 8)))) throw alone(text, i);
      i += 12;
    } else i += 6;
  }
}

function alone(text: string, at: number): BindError {
  const written = text.slice(at, at + 6);
  return new BindError(
    `not valid JSON text: ${written} at offset ${at} is half of a surrogate pair, alone`,
    '',
    'MALFORMED_BODY',
  );
}
