/**
 * Waits until `condition` holds, checking every 10 ms; fails after `timeoutMs` with `what` (the
 * event waited for) in the message.
 */
export async function waitFor(
  condition: () => boolean,
  { timeoutMs = 10_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`${what} did not come within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves after `ms`: for a client that is slow on purpose, never to wait for an event. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
