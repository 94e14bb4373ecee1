/**
 * What travels unchanged as one header value: visible ASCII with inner spaces or tabs. HTTP drops
 * white space at either end, a proxy may turn other bytes into anything, and CR, LF or NUL end
 * the header (or make `fetch` refuse it, which would look like a network error).
 */
const ONE_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;

/** What separates privilege names on the wire: `;`, and `,` where a proxy joins two headers. */
const SEPARATOR = /[;,]/;

/** The value as it is, or a `TypeError` saying why it cannot be sent as one header value. */
export function headerValue(header: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${header} must be a string`);
  if (!ONE_VALUE.test(value)) {
    throw new TypeError(
      `${header} ${JSON.stringify(value)} cannot travel as one header value: use visible ASCII ` +
        'characters, with spaces or tabs only between them',
    );
  }
  return value;
}

/**
 * The `X-SVC-Privilege-Names` value of a list of names, or a `TypeError` for a name that the
 * server would read otherwise: split in two at a `;` or `,`, trimmed, or dropped when empty.
 */
export function privilegeNamesValue(names: unknown): string {
  const header = 'X-SVC-Privilege-Names';
  if (!Array.isArray(names)) throw new TypeError('privilegeNames must be an array of names');
  for (const name of names) {
    headerValue(`${header} name`, name);
    if (SEPARATOR.test(name)) {
      throw new TypeError(
        `privilege name ${JSON.stringify(name)} contains ; or , which separate names: ` +
          'give each name as its own list element',
      );
    }
  }
  return names.join(';');
}
