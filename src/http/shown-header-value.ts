/** The longest part of a header value that a message repeats. */
const MAX_SHOWN = 64;

/** A client's header value as an error message repeats it: its first 64 characters, then `…`. */
export function shownHeaderValue(value: string): string {
  return value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value;
}
