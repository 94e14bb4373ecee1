import { isUtf8 } from 'node:buffer';
import { frameworkError, type RemoteError } from '../errors';
import { SVC_HEADER_NAMES } from './svc-header-spelling';

const MAX_TEXT = 1024;

/** The 400 `INVALID_HEADER` of the lower-cased header `name`, named as documents spell it. */
export function invalidHeader(name: string, what: string): RemoteError {
  const shown = SVC_HEADER_NAMES.find((h) => h.toLowerCase() === name) ?? name;
  return frameworkError('INVALID_HEADER', `${shown} ${what}`);
}

/**
 * A text header's value, `undefined` when absent or empty. Node reads header bytes as latin1: a
 * value with bytes over 0x7f is read again as UTF-8 when its bytes are UTF-8 (`José` sent as
 * UTF-8 reaches the method as `José`, not `JosÃ©`), and kept as latin1 when they are not, as
 * HTTP's older clients and a browser's `fetch` send U+0080–U+00FF. Over 1024 characters is a 400.
 */
export function headerText(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  return boundedText(isAscii(value) ? value : utf8Or(value), name);
}

/**
 * A header's value as Node read it, `undefined` when absent or empty, for a header that only
 * ASCII passes anyway (`X-SVC-Locale`, `X-SVC-IP`): it skips the scan that {@link headerText}
 * pays per character. Over 1024 characters is a 400.
 */
export function asciiHeaderText(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  return boundedText(value, name);
}

function boundedText(text: string, name: string): string {
  if (text.length > MAX_TEXT) throw invalidHeader(name, `is longer than ${MAX_TEXT} characters`);
  return text;
}

/** The one check that an ASCII value, the usual case, pays. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The latin1-read `value`'s bytes decoded as UTF-8 when they are UTF-8, else `value` itself. */
function utf8Or(value: string): string {
  const bytes = Buffer.from(value, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : value;
}
