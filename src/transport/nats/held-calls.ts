import { type RequestMux } from './request-mux';

/**
 * Notes `replica` as the holder of the requests on `subject` whose reply subjects (without the
 * mux's inbox) it reports in `holds`, and returns the reply subjects of those it held before and
 * holds no more: with no reply come, their replies were lost (docs/faults.md).
 */
export function noteHolds(
  mux: RequestMux,
  subject: string,
  replica: string,
  holds: readonly string[],
): string[] {
  const held = new Set(holds);
  const under = mux.inbox.length + 1;
  const dropped: string[] = [];
  for (const [token, call] of mux.pending) {
    if (call.subject !== subject) continue;
    if (held.has(token.slice(under))) call.holder = replica;
    else if (call.holder === replica) dropped.push(token);
  }
  return dropped;
}
