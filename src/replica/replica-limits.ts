import { Buffer } from 'node:buffer';
import { frameworkError } from '../errors';
import { MAX_TIMER_MS } from '../protocol/deadline';
import { type CallEnvelope } from '../protocol/envelope';
import { LIMIT_DEFAULTS } from '../protocol/limit-defaults';

/**
 * What a replica allows a call, whatever its frame says: a frame may come from something other
 * than a main server, so the replica never trusts its numbers.
 */
export interface ReplicaLimits {
  /** The longest a call may run; a longer budget in the frame is cut to it. */
  readonly maxCallMs: number;
  /** Calls that may wait for a slot; one more is answered 503 `OVERLOADED` at once. */
  readonly maxWaiting: number;
  /** Most arguments of a call; more is 400 `LIMIT_EXCEEDED`. */
  readonly maxArgs: number;
  /** Most UTF-8 bytes of a call's argument texts together; more is 413 `PAYLOAD_TOO_LARGE`. */
  readonly maxBodyBytes: number;
}

/**
 * The defaults: the main server's own (`callTimeoutMs`, `maxArgs`, `maxBodyBytes`), and room to
 * queue as many calls as a main server lets through to one microservice by default.
 */
export const REPLICA_LIMIT_DEFAULTS: ReplicaLimits = {
  maxCallMs: LIMIT_DEFAULTS.callTimeoutMs,
  maxWaiting: LIMIT_DEFAULTS.maxConcurrentCalls,
  maxArgs: LIMIT_DEFAULTS.maxArgs,
  maxBodyBytes: LIMIT_DEFAULTS.maxBodyBytes,
};

/** The limits with every default filled in; throws for a value that is not a positive integer. */
export function resolveReplicaLimits(given: Partial<ReplicaLimits>): ReplicaLimits {
  const limits = { ...REPLICA_LIMIT_DEFAULTS, ...given };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new TypeError(`portico: the replica's ${key} must be a positive integer`);
    }
  }
  if (limits.maxCallMs > MAX_TIMER_MS) {
    throw new TypeError(`portico: the replica's maxCallMs must be at most ${MAX_TIMER_MS}`);
  }
  return limits;
}

/**
 * The call within `limits`: its deadline no later than `maxCallMs` after `now`. Throws the
 * caller's error when it has too many arguments or too many bytes of them.
 */
export function withinLimits(
  envelope: CallEnvelope,
  limits: ReplicaLimits,
  now: number,
): CallEnvelope {
  const { args } = envelope;
  if (args.length > limits.maxArgs) {
    throw frameworkError(
      'LIMIT_EXCEEDED',
      `the call has ${args.length} arguments; this replica takes at most ${limits.maxArgs}`,
    );
  }
  const bytes = textBytes(args, limits.maxBodyBytes);
  if (bytes > limits.maxBodyBytes) {
    throw frameworkError(
      'PAYLOAD_TOO_LARGE',
      `the arguments take ${bytes} bytes; this replica takes at most ${limits.maxBodyBytes}`,
    );
  }
  const latest = now + limits.maxCallMs;
  return envelope.deadline > latest ? { ...envelope, deadline: latest } : envelope;
}

/**
 * The UTF-8 bytes of `texts` together, or a bound of them when that is at most `max`: a UTF-16
 * unit takes at most 3 bytes, so texts that fit `max` thrice over are not encoded to count.
 */
function textBytes(texts: readonly string[], max: number): number {
  let units = 0;
  for (const text of texts) units += text.length;
  if (units * 3 <= max) return units * 3;
  let bytes = 0;
  for (const text of texts) bytes += Buffer.byteLength(text);
  return bytes;
}
