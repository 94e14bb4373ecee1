/**
 * The string formats the runtime enforces, as ajv-formats defines them ("fast" mode, but `date`
 * checks the days of each month as its "full" mode does), so that ajv validating the document and
 * the server agree (docs/design-contract.md). Each is a hand-written scanner: one pass, no
 * backtracking, whatever the client sends.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const LOCAL_EXTRA = ".!#$%&'*+/=?^_`{|}~-";

/** Whether `text[from, to)` is dot-separated labels of 1–63 letters, digits and inner hyphens. */
function labels(text: string, from: number, to: number): boolean {
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text.charCodeAt(i) !== 46) continue;
    const length = i - start;
    if (length < 1 || length > 63) return false;
    if (!isAlnum(text.charCodeAt(start)) || !isAlnum(text.charCodeAt(i - 1))) return false;
    for (let j = start + 1; j < i - 1; j++) {
      const c = text.charCodeAt(j);
      if (!isAlnum(c) && c !== 45) return false;
    }
    start = i + 1;
  }
  return true;
}

function email(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 1) return false;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c) && !LOCAL_EXTRA.includes(text[i] as string)) return false;
  }
  return labels(text, at + 1, text.length);
}

function hostname(text: string): boolean {
  const end = text.endsWith('.') ? text.length - 1 : text.length;
  return text.length <= 253 || (text.length === 254 && end === 253)
    ? end > 0 && labels(text, 0, end)
    : false;
}

function uuid(text: string): boolean {
  const start = /^urn:uuid:/i.test(text.slice(0, 9)) ? 9 : 0;
  if (text.length - start !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = text.charCodeAt(start + i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 45 : !isHex(c)) return false;
  }
  return true;
}

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function date(text: string): boolean {
  if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (!isDigit(text.charCodeAt(i))) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8));
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS[month];
  return month >= 1 && month <= 12 && day >= 1 && day <= (days as number);
}

function ipv4(text: string): boolean {
  const parts = text.split('.', 5);
  return parts.length === 4 && parts.every(octet);
}

function octet(part: string): boolean {
  if (part.length < 1 || part.length > 3) return false;
  for (let i = 0; i < part.length; i++) if (!isDigit(part.charCodeAt(i))) return false;
  return (part.length === 1 || part[0] !== '0') && Number(part) <= 255;
}

/** Each enforced format: what a value of it is called in a refusal, and its scanner. */
export const STRING_FORMATS = {
  email: { noun: 'an email address', test: email },
  uuid: { noun: 'a UUID', test: uuid },
  date: { noun: 'a date (YYYY-MM-DD)', test: date },
  ipv4: { noun: 'an IPv4 address', test: ipv4 },
  hostname: { noun: 'a host name', test: hostname },
} as const satisfies Record<string, { noun: string; test: (text: string) => boolean }>;

/** A string format the runtime enforces. */
export type StringFormat = keyof typeof STRING_FORMATS;

/** Whether `name` is a string format the runtime enforces. */
export function isStringFormat(name: unknown): name is StringFormat {
  return typeof name === 'string' && Object.hasOwn(STRING_FORMATS, name);
}
