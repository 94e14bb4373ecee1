/** How many ended requests are remembered by default, to count their late replies. */
const ENDED_KEPT = 4096;

/**
 * The requests that ended without their reply (failed or timed out), the most recent ones, so that
 * a reply that still comes is told to the listener of its request's subject, as a late one.
 */
export class EndedRequests {
  // By reply subject, oldest first: the subject of the request.
  private readonly ended = new Map<string, string>();
  private readonly listeners = new Map<string, () => void>();

  constructor(private readonly kept = ENDED_KEPT) {}

  /** Notes that the request of reply subject `token`, sent on `subject`, ended without a reply. */
  end(token: string, subject: string): void {
    this.ended.set(token, subject);
    if (this.ended.size > this.kept) this.ended.delete(this.ended.keys().next().value as string);
  }

  /** A reply came to `token`, whose request is not waiting: tells its subject's listener. */
  late(token: string): void {
    const subject = this.ended.get(token);
    if (subject === undefined) return;
    this.ended.delete(token);
    this.listeners.get(subject)?.();
  }

  /** Calls `late` for every late reply to a request on `subject`. */
  listen(subject: string, late: () => void): void {
    this.listeners.set(subject, late);
  }
}
