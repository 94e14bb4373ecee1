import type { Logger } from 'pino';
import { type CodecError } from '../protocol/codec';

/** How often, at most, a replica logs the frames it refused: one line, then a count. */
export const REFUSAL_LOG_EVERY_MS = 10_000;

/**
 * Logs the frames a replica refuses without letting a flood of them flood the log: the first in a
 * window of `everyMs` is a line of its own (its code and reason, no stack: the frame is at fault,
 * not the replica), the others in the window are counted, and the count is one line at its end.
 * Every frame is still answered; this bounds only the log (SECURITY.md, "The replica defends itself").
 */
export function refusalLog(
  logger: Logger,
  everyMs = REFUSAL_LOG_EVERY_MS,
): (error: CodecError) => void {
  let windowEnd = 0;
  let unlogged = 0;
  // True while a count is due at the window's end.
  let counting = false;
  return (error) => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + everyMs;
      logger.warn({ code: error.code, reason: error.message }, 'a frame was refused');
      return;
    }
    unlogged++;
    if (counting) return;
    counting = true;
    setTimeout(() => {
      counting = false;
      logger.warn({ refused: unlogged, windowMs: everyMs }, 'more frames were refused');
      unlogged = 0;
    }, windowEnd - now).unref();
  };
}
