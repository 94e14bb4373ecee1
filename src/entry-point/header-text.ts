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
 * A text header's value, `undefined` when absent or empty. Node reads header bytes as latin1; a
 * value with bytes over 0x7f is read again as the UTF-8 they must be (a 400 when they are not),
 * so that `José` sent as UTF-8 reaches the method as `José`, not `JosÃ©`. Over 1024 characters
 * is a 400.
 */
export function headerText(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = isAscii(value) ? value : utf8Of(value, name);
  if (text.length > MAX_TEXT) throw invalidHeader(name, `is longer than ${MAX_TEXT} characters`);
  return text;
}

/** The one check that an ASCII value, the usual case, pays. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The latin1-read `value`'s bytes decoded as UTF-8, or a 400 when they are not UTF-8. */
function utf8Of(value: string, name: string): string {
  const bytes = Buffer.from(value, 'latin1');
  if (!isUtf8(bytes)) {
    throw invalidHeader(name, 'is not valid UTF-8: send its text as UTF-8 (or ASCII) bytes');
  }
  return bytes.toString('utf8');
}
