/**
 * Whether `prefix` is a NATS subject without wildcards: tokens of no blank, `.`, `*` or `>`,
 * joined by `.`. Its own module, without the NATS client: `portico`'s command line checks a
 * `--subject-prefix` with it, and an in-process main server never loads the client.
 */
export function isSubjectPrefix(prefix: string): boolean {
  return /^[^\s.*>]+(\.[^\s.*>]+)*$/.test(prefix);
}
