import { type ReplicaStatus, replicaKey } from './replica-ping';

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
}

/** Why a main server sends no call: every replica it knows drains, or is lost (docs/faults.md). */
export type Closed = 'draining' | 'lost';

/** The replicas of one microservice by {@link replicaKey}, as their ping answers tell. */
export interface ReplicaBook {
  /**
   * Records an answer to a ping sent at `roundAt`; `back` when the replica was lost, `twin` when
   * it is new and another replica not lost answers with the same id.
   */
  heard(
    status: ReplicaStatus,
    round: Round,
    now: number,
  ): { key: string; seen: ReplicaRecord; back: boolean; twin: boolean };
  get(id: string): ReplicaRecord | undefined;
  /** Marks lost, and returns, the replicas not lost yet that were silent for `lostAfterMs`. */
  silent(now: number, lostAfterMs: number): string[];
  /** Counts the time until `now` as heard from everyone: the main server itself was away. */
  pause(now: number): void;
  /**
   * The oldest ping round that some replica not lost answered last: every call sent before it,
   * that replica has reported if it took it. `ifNone` when none is live; undefined while a live
   * replica does not report the calls it holds.
   */
  answeredSince(ifNone: Round): Round | undefined;
  /**
   * Whether a replica counted lost (and not forgotten yet) may have taken the call unreported: it
   * has not answered a ping sent after the call. A lost replica may only be slow, and take calls
   * until their take-by time, then stall again before it reports them.
   */
  lostMayHold(call: { readonly seq: number }): boolean;
  /** Whether a replica's connection was lost while a call sent at `seq` may have been with it. */
  cutSince(seq: number): boolean;
  /**
   * The replicas that take calls (neither lost, joining nor draining): `rotation`, those that may
   * be sent calls, which answered a ping round at `since` (a seq) or later; `silent`, the others.
   * `closed` when every replica known is lost or drains: why no call can be taken now.
   */
  serving(since: number): { rotation: string[]; silent: string[]; closed?: Closed };
  /** Whether a replica that is neither lost, joining nor draining answered. */
  anyReady(): boolean;
}

/** How long a lost replica is remembered, to log its coming back. */
const FORGET_AFTER_MS = 10 * 60_000;

/** Creates an empty {@link ReplicaBook}. */
export function replicaBook(): ReplicaBook {
  const records = new Map<string, ReplicaRecord>();
  return {
    heard(status, round, now) {
      const key = replicaKey(status);
      let seen = records.get(key);
      const back = seen?.lost === true;
      let twin = false;
      if (!seen) {
        for (const other of records.values())
          twin ||= !other.lost && other.replica === status.replica;
        seen = {
          replica: status.replica,
          lastAt: now,
          answered: round,
          lost: false,
          cuts: status.cuts ?? 0,
          cutAfter: 0,
          cutBefore: 0,
          draining: false,
          joining: false,
          steerable: false,
          reportsHolds: false,
        };
        records.set(key, seen);
      }
      seen.lastAt = now;
      if ((status.cuts ?? 0) > seen.cuts) {
        // Its connection was lost since its last answer: a reply it sent then may be lost.
        seen.cuts = status.cuts ?? 0;
        seen.cutAfter = seen.answered.seq;
        seen.cutBefore = round.seq;
      }
      if (round.seq > seen.answered.seq) seen.answered = round;
      seen.lost = false;
      seen.draining = status.draining === true;
      seen.joining = status.joining === true;
      seen.steerable = status.steerable === true;
      seen.reportsHolds = Array.isArray(status.holds);
      return { key, seen, back, twin };
    },
    get: (id) => records.get(id),
    silent(now, lostAfterMs) {
      const lost: string[] = [];
      for (const [id, record] of records) {
        if (record.lost && now - record.lastAt > FORGET_AFTER_MS) records.delete(id);
        if (record.lost || now - record.lastAt <= lostAfterMs) continue;
        record.lost = true;
        lost.push(id);
      }
      return lost;
    },
    pause(now) {
      for (const record of records.values()) if (!record.lost) record.lastAt = now;
    },
    answeredSince(ifNone) {
      let oldest: Round | undefined;
      for (const record of records.values()) {
        if (record.lost) continue;
        if (!record.reportsHolds) return undefined;
        if (!oldest || record.answered.seq < oldest.seq) oldest = record.answered;
      }
      return oldest ?? ifNone;
    },
    lostMayHold(call) {
      for (const r of records.values()) {
        if (r.lost && r.answered.seq < call.seq) return true;
      }
      return false;
    },
    cutSince(seq) {
      for (const r of records.values()) if (r.cutAfter < seq && seq < r.cutBefore) return true;
      return false;
    },
    serving(since) {
      const rotation: string[] = [];
      const silent: string[] = [];
      // One that joins counts as open: it may take calls before its next answer says so.
      let open = records.size === 0;
      let draining = false;
      for (const [id, r] of records) {
        draining ||= r.draining && !r.lost;
        open ||= !r.lost && !r.draining;
        if (r.lost || r.draining || r.joining) continue;
        if (r.answered.seq < since) silent.push(id);
        else if (r.steerable) rotation.push(id);
      }
      if (open) return { rotation, silent };
      return { rotation, silent, closed: draining ? 'draining' : 'lost' };
    },
    anyReady() {
      for (const r of records.values()) if (!r.lost && !r.draining && !r.joining) return true;
      return false;
    },
  };
}
