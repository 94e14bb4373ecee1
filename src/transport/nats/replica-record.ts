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
