import { isXmlChar } from './xml-chars';
import { XmlScanError } from './xml-scan-error';

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

/** The refusal of the reference at `at` in text, shown as far as its `;` if that is near. */
export function referenceError(text: string, at: number): XmlScanError {
  const semicolon = text.indexOf(';', at);
  const shown =
    semicolon > 0 && semicolon - at <= 12
      ? text.slice(at, semicolon + 1)
      : `${text.slice(at, at + 12)}…`;
  return new XmlScanError(
    `reference ${shown} is not allowed: only the predefined entities and numeric references are`,
  );
}

/** Refuses a reference in an attribute's value that {@link referenceEnd} does not allow. */
export function checkReferences(value: string): void {
  for (let at = value.indexOf('&'); at >= 0; at = value.indexOf('&', at + 1)) {
    if (referenceEnd(value, at) < 0) {
      throw new XmlScanError('reference in an attribute value is not allowed');
    }
  }
}
