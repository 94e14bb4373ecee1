import { WATCH_TIMING } from './replica-ping';
import { type Round } from './replica-record';
import { type RequestMux } from './request-mux';

/**
 * Notes `replica` as the holder of the requests on `subject` whose reply subjects (without the
 * mux's inbox) it reports in `holds`, and returns the numbers of those it held before and
 * holds no more: with no reply come, their replies were lost (docs/faults.md).
 */
export function noteHolds(
  mux: RequestMux,
  subject: string,
  replica: string,
  holds: readonly string[],
): number[] {
  const held = new Set(holds);
  const under = mux.inbox.length + 1;
  const dropped: number[] = [];
  for (const [id, call] of mux.pending) {
    if (call.subject !== subject) continue;
    if (held.has(call.token.slice(under))) call.holder = replica;
    else if (call.holder === replica) dropped.push(id);
  }
  return dropped;
}

/** A request that no replica holds, and the fault it is answered with (docs/faults.md). */
export type Unheld = readonly [id: number, kind: 'replica-lost' | 'unreported'];

/**
 * The requests on `subject` that no replica holds, though every replica counted answered the
 * ping round `answered`, sent after them: `replica-lost` when `mayHaveRun(seq)` says a replica
 * lost or a connection cut may have taken one, `unreported` once it was not taken in time.
 */
export function unheldCalls(
  mux: RequestMux,
  subject: string,
  answered: Round,
  mayHaveRun: (seq: number) => boolean,
): Unheld[] {
  const unheld: Unheld[] = [];
  for (const [id, call] of mux.pending) {
    if (call.subject !== subject || call.holder !== undefined) continue;
    if (answered.seq <= call.seq) continue;
    if (mayHaveRun(call.seq)) unheld.push([id, 'replica-lost']);
    // No replica heard reports it and none starts it now; one not heard yet may have run it.
    else if (answered.at > call.sentAt + WATCH_TIMING.takeWithinMs) unheld.push([id, 'unreported']);
  }
  return unheld;
}
