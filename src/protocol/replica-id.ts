/** The longest id a replica may name itself with in a reply frame. */
export const MAX_REPLICA_ID_LENGTH = 128;

// A "." only before another character: the id is part of the replica's own NATS subject, to
// which calls are steered, where "a..b" or a last "." leaves an empty token: NATS refuses the
// subscription, and the calls steered there find nobody.
const REPLICA_ID = /^[A-Za-z0-9](?:[A-Za-z0-9_:-]|\.(?=[A-Za-z0-9_:-])){0,127}$/;

/** What {@link isReplicaId} accepts, in words, for error messages. */
export const REPLICA_ID_RULE = `1 to ${MAX_REPLICA_ID_LENGTH} characters of A-Z, a-z, 0-9, ".", "_", ":" and "-", the first a letter or digit, a "." neither last nor next to another`;

/**
 * Whether `text` may name a replica: short, and of characters that are safe in a label value, a
 * log line and a NATS connection name. The first is a letter or digit, so that no id can be one
 * of the fixed label values `_unknown` and `_other`.
 *
 * @example
 * isReplicaId('calc-7f9c:1') // true
 */
export function isReplicaId(text: string): boolean {
  return REPLICA_ID.test(text);
}
