/**
 * The limits a main server and a replica share, each in one place: the main server's entry point
 * section and the replica's own limits are both built from these, so the two cannot drift apart.
 */
export const LIMIT_DEFAULTS = {
  /** The longest a call may run, in milliseconds. */
  callTimeoutMs: 30_000,
  /** Most arguments of a call. */
  maxArgs: 256,
  /** Most bytes of a call's body (on a replica: of its argument texts together). */
  maxBodyBytes: 1024 * 1024,
  /** Deepest nesting of a body or of an argument. */
  maxDepth: 64,
  /** Calls in flight to one microservice; a replica queues as many. */
  maxConcurrentCalls: 1024,
} as const;
