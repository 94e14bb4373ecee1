import { frameworkError, type RemoteError } from '../errors';
import { SVC_HEADER_NAMES } from './svc-header-spelling';

const MAX_TEXT = 1024;

/** The 400 `INVALID_HEADER` of the lower-cased header `name`, which it names as documents spell it. */
export function invalidHeader(name: string, what: string): RemoteError {
  const shown = SVC_HEADER_NAMES.find((h) => h.toLowerCase() === name) ?? name;
  return frameworkError('INVALID_HEADER', `${shown} ${what}`);
}

/** A text header's value, `undefined` when absent or empty; over 1024 characters is a 400. */
export function headerText(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_TEXT) throw invalidHeader(name, `is longer than ${MAX_TEXT} characters`);
  return value;
}
