import { type ReplicaStatus } from './replica-ping';

/** A ping round: when it was sent, and its place among the messages of the connection. */
export interface Round {
  readonly at: number;
  readonly seq: number;
}

/** What a main server knows of one replica from its ping answers. */
export interface ReplicaRecord {
  /** The id it names itself with; another process may have been given the same. */
  readonly replica: string;
  /** `Date.now()` of its last answer. */
  lastAt: number;
  /** The latest ping round it answered. */
  answered: Round;
  lost: boolean;
  /** True once it was counted gone after it drained, with no call of it unanswered: it left. */
  left: boolean;
  /** The connection losses it reported, and the rounds between which the last one fell. */
  cuts: number;
  cutAfter: number;
  cutBefore: number;
  draining: boolean;
  /** True while it starts and takes no calls yet. */
  joining: boolean;
  /** True while it takes calls on its own subject too, so that calls may be steered to it. */
  steerable: boolean;
  /** False for a replica of an earlier release, which does not say which calls it holds. */
  reportsHolds: boolean;
  /** The first ping round it answered. */
  readonly firstSeq: number;
  /**
   * The keys of the other processes with the same id, heard before it and not draining then,
   * until it and one of them are heard alive at once (twins) or all are forgotten (restarts).
   */
  sameId?: string[] | undefined;
}

/** The record of a replica first heard in answer to `round`, at `now`. */
export function newRecord(status: ReplicaStatus, round: Round, now: number): ReplicaRecord {
  return {
    replica: status.replica,
    lastAt: now,
    answered: round,
    lost: false,
    left: false,
    cuts: status.cuts ?? 0,
    cutAfter: 0,
    cutBefore: 0,
    draining: false,
    joining: false,
    steerable: false,
    reportsHolds: false,
    firstSeq: round.seq,
  };
}

/** Updates `seen` with an answer to the ping `round`, received at `now`. */
export function noteAnswer(
  seen: ReplicaRecord,
  status: ReplicaStatus,
  round: Round,
  now: number,
): void {
  seen.lastAt = now;
  if ((status.cuts ?? 0) > seen.cuts) {
    // Its connection was lost since its last answer: a reply it sent then may be lost.
    seen.cuts = status.cuts ?? 0;
    seen.cutAfter = seen.answered.seq;
    seen.cutBefore = round.seq;
  }
  if (round.seq > seen.answered.seq) seen.answered = round;
  seen.lost = false;
  seen.left = false;
  seen.draining = status.draining === true;
  seen.joining = status.joining === true;
  seen.steerable = status.steerable === true;
  seen.reportsHolds = Array.isArray(status.holds);
}

/**
 * How many lost processes of one replica id are remembered: a crash loop under one
 * `--replica-id` starts a new process each time, and each knows the earlier ones (docs/faults.md).
 */
export const LOST_PER_ID = 8;

/**
 * The lost records to forget, in the order first heard: those lost and silent for longer than
 * `forgetAfterMs`, and those heard before the last {@link LOST_PER_ID} lost processes of their id.
 */
export function toForget(
  records: ReadonlyMap<string, ReplicaRecord>,
  now: number,
  forgetAfterMs: number,
): [string, ReplicaRecord][] {
  const found: [string, ReplicaRecord][] = [];
  // Newest first (the map keeps the order first heard): past LOST_PER_ID, the older go.
  const lostOfId = new Map<string, number>();
  for (const entry of [...records].reverse()) {
    const [, record] = entry;
    if (!record.lost) continue;
    const count = (lostOfId.get(record.replica) ?? 0) + 1;
    lostOfId.set(record.replica, count);
    if (count > LOST_PER_ID || now - record.lastAt > forgetAfterMs) found.push(entry);
  }
  return found.reverse();
}
