/**
 * The conditional requests and byte ranges of a static file (RFC 9110 §13 and §14), as
 * serve-static answers them: a file has a Last-Modified date and no entity tag, one byte range is
 * served, and a Range header that asks for several, or that is not one, is ignored (the whole
 * file). Each reader looks at its header once, with anchored patterns: linear in its length.
 */

/** What a request's preconditions say of a file: serve it, or answer 304 or 412 instead. */
export type Precondition = 'serve' | 304 | 412;

/** Reads a header that may be missing or repeated, as Node gives it. */
type Header = string | readonly string[] | undefined;

/** The preconditions of a GET or HEAD, in the order of RFC 9110 §13.2.2, for a file last modified at `mtime`. */
export function precondition(headers: Readonly<Record<string, Header>>, mtime: Date): Precondition {
  const modified = secondsOf(mtime);
  const ifMatch = text(headers['if-match']);
  if (ifMatch !== undefined) {
    // No entity tag is sent: only `*` (any current file) matches.
    if (!isStar(ifMatch)) return 412;
  } else {
    const since = dateOf(headers['if-unmodified-since']);
    if (since !== undefined && modified > since) return 412;
  }
  const ifNoneMatch = text(headers['if-none-match']);
  if (ifNoneMatch !== undefined) return isStar(ifNoneMatch) ? 304 : 'serve';
  const since = dateOf(headers['if-modified-since']);
  return since !== undefined && modified <= since ? 304 : 'serve';
}

/**
 * True when `If-None-Match` is `*`: any current representation matches, so a GET or HEAD of one is
 * 304 (RFC 9110 §13.1.2). For answers made rather than read from a file, which have no date.
 */
export function noneMatchesAny(headers: Readonly<Record<string, Header>>): boolean {
  const ifNoneMatch = text(headers['if-none-match']);
  return ifNoneMatch !== undefined && isStar(ifNoneMatch);
}

/** The bytes of a file to answer: all of it, one range of it (206), or none (416). */
export type RangeAnswer =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly first: number; readonly last: number }
  | { readonly kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/**
 * What a `Range` header asks of a file of `size` bytes last modified at `mtime`, with its
 * `If-Range`. Only a single range of bytes is served; several ranges, another unit, a range whose
 * last byte is before its first, or an `If-Range` that is no longer true, give the whole file.
 */
export function rangeOf(range: Header, ifRange: Header, size: number, mtime: Date): RangeAnswer {
  const value = text(range);
  if (value === undefined) return WHOLE;
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return WHOLE;
  const condition = text(ifRange);
  // An entity tag never matches (none is sent); a date must be the file's Last-Modified.
  if (condition !== undefined && dateOf(condition) !== secondsOf(mtime)) return WHOLE;
  const [, from = '', to = ''] = match;
  if (from === '') {
    // The last `to` bytes.
    const suffix = digits(to);
    return suffix === 0 || size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'part', first: Math.max(0, size - suffix), last: size - 1 };
  }
  const first = digits(from);
  const last = to === '' ? Number.POSITIVE_INFINITY : digits(to);
  if (last < first) return WHOLE;
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', first, last: Math.min(last, size - 1) };
}

/** A file's date in ms, to the second as Last-Modified says it: what a date sent compares with. */
function secondsOf(mtime: Date): number {
  return Math.floor(mtime.getTime() / 1000) * 1000;
}

/** A run of digits as a number; one too long for a safe integer is larger than any file. */
function digits(run: string): number {
  const value = Number(run);
  return Number.isSafeInteger(value) ? value : Number.POSITIVE_INFINITY;
}

function text(header: Header): string | undefined {
  return typeof header === 'string' ? header : header?.join(', ');
}

function isStar(value: string): boolean {
  return value.trim() === '*';
}

/** An HTTP date in ms, `undefined` when it is not one (a condition that is then ignored). */
function dateOf(header: Header): number | undefined {
  const value = text(header);
  // An entity tag (`"x"`, `W/"x"`) is no date; one longer than any of the three forms is none either.
  if (value === undefined || value.length > 64 || /^\s*(?:W\/)?"/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
