import { createHash } from 'node:crypto';

/**
 * The key under which a main server's NATS pool keeps a connection: a SHA-256 of every option
 * given, in a canonical form (object keys sorted at every depth, unset options left out, arrays
 * in their order). Two option sets share a connection exactly when they are equal, whatever
 * options a placement gains later, and no password or token is kept in the clear.
 */
export function natsPoolKey(options: object): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(options)))
    .digest('hex');
}

/** `value` with object keys sorted and `undefined` members dropped, at every depth. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, member]) => [key, canonical(member)]));
}
