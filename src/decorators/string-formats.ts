import { isDate, isDateTime, isTime } from './time-formats';

/**
 * The string formats the runtime enforces, as ajv-formats defines them ("fast" mode; `date`,
 * `time` and `date-time` as in `./time-formats`), so that ajv validating the document and the
 * server agree (docs/design-contract.md). Each is a hand-written scanner: one pass, no
 * backtracking, whatever the client sends.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isAlnum = (c: number) => isDigit(c) || isAlpha(c);
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const LOCAL_EXTRA = ".!#$%&'*+/=?^_`{|}~-";
/** JavaScript's white space, as ajv-formats' `\s` means it; one character class, linear. */
const WHITE_SPACE = /\s/;

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

function ipv4(text: string): boolean {
  const parts = text.split('.', 5);
  return parts.length === 4 && parts.every(octet);
}

function octet(part: string): boolean {
  if (part.length < 1 || part.length > 3) return false;
  for (let i = 0; i < part.length; i++) if (!isDigit(part.charCodeAt(i))) return false;
  return (part.length === 1 || part[0] !== '0') && Number(part) <= 255;
}

/** A scheme (a letter, then letters, digits, `+`, `-` and `.`), a colon, and no white space. */
function uri(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon < 1 || !isAlpha(text.charCodeAt(0))) return false;
  for (let i = 1; i < colon; i++) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c) && c !== 43 && c !== 45 && c !== 46) return false;
  }
  return !WHITE_SPACE.test(text.slice(colon + 1));
}

/** Groups of 1–4 hex digits split by `:`; an IPv4 address may end the last of them. */
function hexGroups(part: string, last: boolean): number {
  if (part === '') return 0;
  const groups = part.split(':');
  let count = 0;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i] as string;
    if (last && i === groups.length - 1 && group.includes('.')) {
      if (!ipv4(group)) return -1;
      count += 2;
      continue;
    }
    if (group.length < 1 || group.length > 4) return -1;
    for (let j = 0; j < group.length; j++) if (!isHex(group.charCodeAt(j))) return -1;
    count++;
  }
  return count;
}

/** Eight groups of 16 bits, or fewer around one `::`; the last two may be an IPv4 address. */
function ipv6(text: string): boolean {
  const halves = text.split('::', 3);
  if (halves.length > 2) return false;
  const [head, tail] = halves as [string, string | undefined];
  const before = hexGroups(head, tail === undefined);
  const after = tail === undefined ? 0 : hexGroups(tail, true);
  if (before < 0 || after < 0) return false;
  return tail === undefined ? before === 8 : before + after <= 7;
}

/** Each enforced format: what a value of it is called in a refusal, and its scanner. */
export const STRING_FORMATS = {
  email: { noun: 'an email address', test: email },
  uuid: { noun: 'a UUID', test: uuid },
  date: { noun: 'a date (YYYY-MM-DD)', test: isDate },
  time: { noun: 'a time (hh:mm:ss and Z or an offset)', test: isTime },
  'date-time': { noun: 'an RFC 3339 date-time', test: isDateTime },
  ipv4: { noun: 'an IPv4 address', test: ipv4 },
  ipv6: { noun: 'an IPv6 address', test: ipv6 },
  hostname: { noun: 'a host name', test: hostname },
  uri: { noun: 'a URI', test: uri },
} as const satisfies Record<string, { noun: string; test: (text: string) => boolean }>;

/** A string format the runtime enforces. */
export type StringFormat = keyof typeof STRING_FORMATS;

/** Whether `name` is a string format the runtime enforces. */
export function isStringFormat(name: unknown): name is StringFormat {
  return typeof name === 'string' && Object.hasOwn(STRING_FORMATS, name);
}
