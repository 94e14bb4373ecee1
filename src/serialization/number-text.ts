/**
 * Readers of the number and date texts that XML and libA JSON carry, each one pass over its text
 * without a regular expression: a backtracking pattern such as `\d+\.?\d*` takes time quadratic in
 * a run of digits that ends in a non-digit (issue 11), and these see client bytes.
 */

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The offset after the run of digits that starts at `from`. */
function skipDigits(text: string, from: number): number {
  let i = from;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** The offset after an optional `+` or `-` at `from`. */
function skipSign(text: string, from: number): number {
  const c = text.charCodeAt(from);
  return c === 0x2b || c === 0x2d ? from + 1 : from;
}

/** True for decimal integer text: an optional sign, then digits (`-12`, `+007`). */
export function isIntText(text: string): boolean {
  const start = skipSign(text, 0);
  const end = skipDigits(text, start);
  return end > start && end === text.length;
}

/** True for decimal number text: `12`, `-1.5`, `.5`, `5.`, `1e-7`, `+2.5E10`. */
export function isNumberText(text: string): boolean {
  const start = skipSign(text, 0);
  let i = skipDigits(text, start);
  let digits = i - start;
  if (text.charCodeAt(i) === 0x2e) {
    const fraction = i + 1;
    i = skipDigits(text, fraction);
    digits += i - fraction;
  }
  if (digits === 0) return false;
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    const exponent = skipSign(text, i + 1);
    i = skipDigits(text, exponent);
    if (i === exponent) return false;
  }
  return i === text.length;
}

/** The offset after exactly `count` digits at `from`, or -1. */
function fixedDigits(text: string, from: number, count: number): number {
  for (let i = from; i < from + count; i++) if (!isDigit(text.charCodeAt(i))) return -1;
  return from + count;
}

/** The offset after `separator` at `at`, or -1 (also when `at` is -1). */
function separatorEnd(text: string, at: number, separator: number): number {
  return at >= 0 && text.charCodeAt(at) === separator ? at + 1 : -1;
}

/**
 * True for the ISO-8601 forms a date field takes: `2024-05-01`, optionally with `T10:20`,
 * seconds, a fraction of any length, and `Z` or an offset such as `+02:00` or `-0130`.
 */
export function isDateText(text: string): boolean {
  let i = separatorEnd(text, fixedDigits(text, 0, 4), 0x2d);
  if (i >= 0) i = separatorEnd(text, fixedDigits(text, i, 2), 0x2d);
  if (i >= 0) i = fixedDigits(text, i, 2);
  if (i < 0) return false;
  if (i === text.length) return true;
  if (text.charCodeAt(i) !== 0x54) return false;
  i = timeEnd(text, i + 1);
  return i >= 0 && zoneEnd(text, i) === text.length;
}

/** The offset after `hh:mm`, optional `:ss` and an optional fraction, or -1. */
function timeEnd(text: string, from: number): number {
  let i = separatorEnd(text, fixedDigits(text, from, 2), 0x3a);
  if (i >= 0) i = fixedDigits(text, i, 2);
  if (i < 0 || text.charCodeAt(i) !== 0x3a) return i;
  i = fixedDigits(text, i + 1, 2);
  if (i < 0 || text.charCodeAt(i) !== 0x2e) return i;
  const end = skipDigits(text, i + 1);
  return end > i + 1 ? end : -1;
}

/** The offset after an optional `Z`, `+hh:mm` or `+hhmm` at `from`, or -1. */
function zoneEnd(text: string, from: number): number {
  const c = text.charCodeAt(from);
  if (c === 0x5a) return from + 1;
  if (c !== 0x2b && c !== 0x2d) return from;
  let i = fixedDigits(text, from + 1, 2);
  if (i >= 0 && text.charCodeAt(i) === 0x3a) i++;
  return i < 0 ? -1 : fixedDigits(text, i, 2);
}
