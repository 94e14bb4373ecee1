import { WATCH_TIMING } from '../transport/nats/replica-ping';

/** How often a replica's stall clock ticks. */
const TICK_MS = 100;

/**
 * What a replica tells main servers of the calls it holds, and what it knows of its own stalls
 * (docs/faults.md): a main server that heard nothing from it for `WATCH_TIMING.lostAfterMs` has
 * answered its calls as lost, so a call taken before such a stall must not start after it.
 */
export interface CallHolds<Call extends HeldCall = HeldCall> {
  /** Notes a call taken, by its message; returns the stall epoch to check it against. */
  take(call: Call): number;
  /** Forgets a call once its answer was sent (or refused). */
  release(call: Call): void;
  /** Whether a call is held: taken, not answered yet. */
  has(call: Call): boolean;
  /** The calls held now. */
  list(): Call[];
  /** True when the replica stalled, long enough to be counted lost, since `epoch` was taken. */
  stalledSince(epoch: number): boolean;
  /** The reply subjects of the calls held under `inbox`, without the `inbox.` before them. */
  heldFor(inbox: string): string[];
  stop(): void;
}

/** A call's message, as the holds know it: by its reply subject. */
export interface HeldCall {
  readonly reply?: string | undefined;
}

/** Creates the call holds of a replica, with its stall clock. */
export function createCallHolds<Call extends HeldCall = HeldCall>(): CallHolds<Call> {
  // The messages themselves, not their reply subjects: a string of 60 characters is hashed per
  // call, an object is not (docs/history/performance-log.md).
  const held = new Set<Call>();
  // A stall a little shorter than the main servers' limit already counts: better refuse a call
  // that might have been answered than run one that was.
  const stallMs = WATCH_TIMING.lostAfterMs - WATCH_TIMING.pingEveryMs;
  let lastTick = performance.now();
  let epoch = 0;

  function observe(): number {
    const now = performance.now();
    if (now - lastTick > stallMs) epoch++;
    lastTick = now;
    return epoch;
  }

  const timer = setInterval(observe, TICK_MS);
  timer.unref();
  return {
    take(call) {
      held.add(call);
      return observe();
    },
    release: (call) => held.delete(call),
    has: (call) => held.has(call),
    list: () => [...held],
    stalledSince: (taken) => observe() !== taken,
    heldFor(inbox) {
      const prefix = `${inbox}.`;
      const tokens: string[] = [];
      for (const { reply } of held)
        if (reply?.startsWith(prefix)) tokens.push(reply.slice(prefix.length));
      return tokens;
    },
    stop: () => clearInterval(timer),
  };
}
