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
