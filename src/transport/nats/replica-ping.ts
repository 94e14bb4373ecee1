import { isReplicaId } from '../../protocol/replica-id';

/** How long a readiness check waits for the first replica's answer. Default 1 000 ms. */
export const DEFAULT_PING_TIMEOUT_MS = 1000;

/**
 * The timing of the replica watch (docs/faults.md), one fact for both sides: a main server pings
 * every `pingEveryMs`; a replica silent for `lostAfterMs` is lost; a replica takes a call only
 * within `takeWithinMs` of its sending, so that the main server may answer a call nobody took.
 */
export const WATCH_TIMING = { pingEveryMs: 250, lostAfterMs: 1200, takeWithinMs: 700 } as const;

/**
 * The subject on which every replica of the microservice answering on `subject` answers pings,
 * each on its own (no queue group). A microservice name has no ".", so no call subject is one.
 */
export function pingSubject(subject: string): string {
  return `${subject}._ping`;
}

/**
 * The subject on which the replica `replicaId` of the microservice on `subject` takes calls meant
 * for it alone, besides its queue group: main servers steer calls to the replicas that answer
 * their pings (docs/faults.md). A microservice name has no ".", so no call subject is one.
 */
export function replicaSubject(subject: string, replicaId: string): string {
  return `${subject}._r.${replicaId}`;
}

/** What a replica answers to a ping: who it is and how busy. */
export interface ReplicaStatus {
  readonly microservice: string;
  /** The id the replica names itself with in its replies. */
  readonly replica: string;
  readonly pid: number;
  /**
   * Random hex, drawn when the process starts: two processes given one replica id are still told
   * apart (docs/faults.md). Absent before this release.
   */
  readonly instance?: string;
  /** Calls running now. */
  readonly running: number;
  /** Calls received that wait for a free slot. */
  readonly waiting: number;
  readonly concurrency: number;
  /** How many times its NATS connection was lost: replies it sent then may be lost. */
  readonly cuts?: number;
  /** True once it drains: it takes no new calls and is not counted as ready. */
  readonly draining?: boolean;
  /** True while it starts, before it takes calls: it is not counted as ready yet. */
  readonly joining?: boolean;
  /** True while it takes calls on its {@link replicaSubject} too; absent before this release. */
  readonly steerable?: boolean;
  /**
   * The reply subjects of the calls it holds (running or waiting) under the inbox that the ping
   * named, without that inbox; absent in the answers of replicas of an earlier release.
   */
  readonly holds?: readonly string[];
}

const decoder = new TextDecoder();

/**
 * The status in a ping answer, or `undefined` when it is not one: anyone allowed on the inbox may
 * answer, and a field of another type must not reach the code that reads the status.
 */
export function readReplicaStatus(data: Uint8Array): ReplicaStatus | undefined {
  let status: unknown;
  try {
    status = JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
  if (typeof status !== 'object' || status === null) return undefined;
  const { replica, instance, cuts, draining, joining, steerable, holds } = status as Record<
    string,
    unknown
  >;
  // The id becomes part of the subject that calls are steered to (replicaSubject): a space or a
  // line break in it would end the main server's PUB line, and NATS would close its connection.
  if (typeof replica !== 'string' || !isReplicaId(replica)) return undefined;
  if (instance !== undefined && !(typeof instance === 'string' && INSTANCE.test(instance)))
    return undefined;
  if (cuts !== undefined && typeof cuts !== 'number') return undefined;
  if (draining !== undefined && typeof draining !== 'boolean') return undefined;
  if (joining !== undefined && typeof joining !== 'boolean') return undefined;
  if (steerable !== undefined && typeof steerable !== 'boolean') return undefined;
  if (holds !== undefined && !isStringList(holds)) return undefined;
  return status as ReplicaStatus;
}

/** What {@link ReplicaStatus.instance} may be: it becomes part of a subject. */
const INSTANCE = /^[0-9a-f]{8,32}$/;

/**
 * The key of one replica process: its id, and its instance when it names one. Its own subject is
 * {@link replicaSubject} of this key, so that calls steered to it reach that process alone.
 */
export function replicaKey(status: Pick<ReplicaStatus, 'replica' | 'instance'>): string {
  return status.instance === undefined ? status.replica : `${status.replica}.${status.instance}`;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
