/** A request to publish: its subject, its data and its reply subject. */
export interface Outgoing {
  /** The subject it is published on. */
  readonly to: string;
  readonly data: Uint8Array;
  /** The reply subject, which is also the key of the call in the mux. */
  readonly token: string;
}

/**
 * The requests of one turn of the event loop, handed to `publish` together after it, so that the
 * connection sends them in one write: a call that comes from an HTTP connection of its own would
 * otherwise go out in a write of its own.
 */
export class OutgoingBatch<T extends Outgoing> {
  private queue: T[] = [];

  constructor(private readonly publish: (outgoing: T) => void) {}

  /** Queues `outgoing` for the end of this turn. */
  add(outgoing: T): void {
    if (this.queue.length === 0) setImmediate(this.flush);
    this.queue.push(outgoing);
  }

  /** Drops what is queued. */
  clear(): void {
    this.queue = [];
  }

  private readonly flush = (): void => {
    const outgoing = this.queue;
    this.queue = [];
    for (let i = 0; i < outgoing.length; i++) this.publish(outgoing[i] as T);
  };
}
