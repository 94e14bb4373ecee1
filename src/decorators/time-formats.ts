/**
 * RFC 3339's `full-date`, `full-time` and `date-time`, as the string formats `date`, `time` and
 * `date-time` and as the text of a `Date` (docs/design-contract.md): one scanner each, one pass,
 * no backtracking. They follow ajv-formats' "full" mode (the days of each month, the hours and
 * offsets in range, a leap second only at 23:59 in UTC) and RFC 3339's syntax, which that mode
 * loosens: an offset has its colon (`+01:00`, not `+0100` or `+01`) and `T` is the separator.
 */

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The value of the `count` decimal digits at `from`, or -1 where one is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 48 && c <= 57)) return -1;
    value = value * 10 + (c - 48);
  }
  return value;
}

/** Whether `text[from, from + 10)` is a `YYYY-MM-DD` date that the calendar has. */
function dateAt(text: string, from: number): boolean {
  if (text[from + 4] !== '-' || text[from + 7] !== '-') return false;
  const year = digits(text, from, 4);
  const month = digits(text, from + 5, 2);
  const day = digits(text, from + 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS[month] as number));
}

/** The offset in minutes of `Z` or `±hh:mm` at `from`, if that is all the text has left. */
function offsetAt(text: string, from: number): number | undefined {
  const sign = text[from];
  if (sign === 'Z' || sign === 'z') return text.length === from + 1 ? 0 : undefined;
  if ((sign !== '+' && sign !== '-') || text.length !== from + 6 || text[from + 3] !== ':') {
    return undefined;
  }
  const hours = digits(text, from + 1, 2);
  const minutes = digits(text, from + 4, 2);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** Whether `text` from `from` to its end is `hh:mm:ss[.fraction]` and an offset. */
function timeAt(text: string, from: number): boolean {
  if (text[from + 2] !== ':' || text[from + 5] !== ':') return false;
  const hour = digits(text, from, 2);
  const minute = digits(text, from + 3, 2);
  const second = digits(text, from + 6, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  let end = from + 8;
  if (text[end] === '.') {
    const start = ++end;
    while (digits(text, end, 1) >= 0) end++;
    if (end === start) return false;
  }
  const offset = offsetAt(text, end);
  if (offset === undefined) return false;
  // A leap second is second 60 of the last minute of a day in UTC.
  return second < 60 || (hour * 60 + minute - offset + 1440) % 1440 === 1439;
}

/** RFC 3339 `full-date`: `YYYY-MM-DD`, a day the month has. */
export function isDate(text: string): boolean {
  return text.length === 10 && dateAt(text, 0);
}

/** RFC 3339 `full-time`: `hh:mm:ss[.fraction]` and `Z` or `±hh:mm`. */
export function isTime(text: string): boolean {
  return timeAt(text, 0);
}

/** RFC 3339 `date-time`: a `full-date`, `T` (or `t`) and a `full-time`. */
export function isDateTime(text: string): boolean {
  return (text[10] === 'T' || text[10] === 't') && dateAt(text, 0) && timeAt(text, 11);
}
