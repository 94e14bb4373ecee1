import { type ReplicaStatus, replicaKey } from './replica-ping';
import { newRecord, noteAnswer, type ReplicaRecord, type Round, toForget } from './replica-record';

/**
 * Why a main server sends no call (docs/faults.md): every replica it knows drains; every one
 * drained and left; or every one is gone, and one at least was lost (it may hang).
 */
export type Closed = 'draining' | 'left' | 'lost';

/** The replicas of one microservice by {@link replicaKey}, as their ping answers tell. */
export interface ReplicaBook {
  /**
   * Records an answer to a ping sent at `roundAt`; `back` when the replica was lost, `twin` once
   * it and another process with the same id, heard before it, are both alive: the other answered
   * a ping sent after this one first answered, without draining. A restart under the same id
   * (the old process drained, or died before the new one started) is no twin.
   */
  heard(
    status: ReplicaStatus,
    round: Round,
    now: number,
  ): { key: string; seen: ReplicaRecord; back: boolean; twin: boolean };
  get(id: string): ReplicaRecord | undefined;
  /** Marks lost, and returns, the replicas not lost yet that were silent for `lostAfterMs`. */
  silent(now: number, lostAfterMs: number): string[];
  /**
   * Drops, and returns, the replicas lost and silent for longer than the book remembers, and those
   * lost before the last `LOST_PER_ID` (replica-record.ts) lost processes of their id.
   */
  forget(now: number): ReplicaRecord[];
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
export const FORGET_AFTER_MS = 10 * 60_000;

/** Creates an empty {@link ReplicaBook} that forgets a replica lost for `forgetAfterMs`. */
export function replicaBook(forgetAfterMs = FORGET_AFTER_MS): ReplicaBook {
  const records = new Map<string, ReplicaRecord>();
  // An empty book is open only while nothing was heard: emptied by forgetting the lost, it stays
  // closed, or a replica that hangs still would get calls through the queue group.
  let everHeard = false;
  // Whether a replica forgotten since the last one heard was lost, not left: what an empty book says.
  let forgotLost = false;
  /** Whether a process heard before `seen` with its id answered since `seen` first did. */
  function twinAlive(seen: ReplicaRecord): boolean {
    const others = (seen.sameId as string[]).filter((key) => records.has(key));
    const alive = others.some((key) => {
      const other = records.get(key) as ReplicaRecord;
      return !other.lost && !other.draining && other.answered.seq >= seen.firstSeq;
    });
    // Logged once; or every other was forgotten, lost for good: seen was a restart.
    seen.sameId = alive || others.length === 0 ? undefined : others;
    return alive;
  }

  return {
    heard(status, round, now) {
      const key = replicaKey(status);
      let seen = records.get(key);
      const back = seen?.lost === true;
      everHeard = true;
      forgotLost = false;
      if (!seen) {
        seen = newRecord(status, round, now);
        // Each of them: the first may be lost (killed), the next one alive (its restart).
        const same = [...records].filter(([, r]) => r.replica === status.replica && !r.draining);
        if (same.length > 0) seen.sameId = same.map(([other]) => other);
        records.set(key, seen);
      }
      noteAnswer(seen, status, round, now);
      return { key, seen, back, twin: seen.sameId !== undefined && twinAlive(seen) };
    },
    get: (id) => records.get(id),
    silent(now, lostAfterMs) {
      const lost: string[] = [];
      for (const [id, record] of records) {
        if (record.lost || now - record.lastAt <= lostAfterMs) continue;
        record.lost = true;
        lost.push(id);
      }
      return lost;
    },
    forget(now) {
      const forgotten = toForget(records, now, forgetAfterMs);
      for (const [id, record] of forgotten) {
        records.delete(id);
        forgotLost ||= !record.left;
      }
      return forgotten.map(([, record]) => record);
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
      let open = records.size === 0 && !everHeard;
      let draining = false;
      let left = records.size > 0 || !forgotLost;
      for (const [id, r] of records) {
        draining ||= r.draining && !r.lost;
        left &&= r.left;
        open ||= !r.lost && !r.draining;
        if (r.lost || r.draining || r.joining) continue;
        if (r.answered.seq < since) silent.push(id);
        else if (r.steerable) rotation.push(id);
      }
      if (open) return { rotation, silent };
      return { rotation, silent, closed: draining ? 'draining' : left ? 'left' : 'lost' };
    },
    anyReady() {
      for (const r of records.values()) if (!r.lost && !r.draining && !r.joining) return true;
      return false;
    },
  };
}
