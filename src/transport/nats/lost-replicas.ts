import type { Logger } from 'pino';
import { type PendingRequest } from './pending-request';
import { replicaSubject } from './replica-ping';
import { type ReplicaRecord } from './replica-record';
import { type RequestMux } from './request-mux';

/** The replicas that a replica watch counted lost in one round, and the calls that went with them. */
export interface LostReplicas {
  /**
   * The requests to answer `REPLICA_LOST` at once: those one of them reported holding, and those
   * steered to its own subject that no replica reported (only it could have taken them).
   */
  readonly calls: readonly number[];
  /**
   * Counts `call`, answered `REPLICA_LOST` in the same round, for the first of them that may have
   * taken it unreported: sent to the queue group after the last ping that replica answered.
   */
  credit(call: PendingRequest | undefined): void;
  /**
   * Logs each: `replica lost` (warn) with the calls answered for it, or `replica left` (info), and
   * marks those that left in their records.
   */
  log(logger: Logger, microservice: string): void;
}

/**
 * The {@link LostReplicas} of the requests on `subject`, for the replicas of `keys`, whose records
 * `recordOf` gives (read now: the book may forget them in the same round).
 */
export function lostReplicas(
  mux: RequestMux,
  subject: string,
  keys: readonly string[],
  recordOf: (key: string) => ReplicaRecord | undefined,
): LostReplicas {
  const lost = keys.flatMap((key) => {
    const record = recordOf(key);
    return record ? [[key, record] as const] : [];
  });
  const counts = lost.map(() => 0);
  const calls: number[] = [];
  if (lost.length > 0) {
    const owners = new Map(lost.map(([key], n) => [key, n]));
    const own = new Map(lost.map(([key], n) => [replicaSubject(subject, key), n]));
    for (const [id, call] of mux.pending) {
      if (call.subject !== subject) continue;
      const n = call.holder === undefined ? own.get(call.to) : owners.get(call.holder);
      if (n === undefined) continue;
      calls.push(id);
      counts[n] = (counts[n] ?? 0) + 1;
    }
  }
  return {
    calls,
    credit(call) {
      if (call?.to !== subject) return;
      const n = lost.findIndex(([, record]) => record.answered.seq < call.seq);
      if (n >= 0) counts[n] = (counts[n] ?? 0) + 1;
    },
    log(logger, microservice) {
      lost.forEach(([, record], n) => {
        const fields = { microservice, replica: record.replica, calls: counts[n] ?? 0 };
        record.left = record.draining && fields.calls === 0;
        if (record.left) logger.info(fields, 'replica left');
        else logger.warn(fields, 'replica lost');
      });
    },
  };
}
