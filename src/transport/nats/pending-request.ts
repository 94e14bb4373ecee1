/** A request that waits for its reply, as a replica watch sees it. */
export interface PendingRequest {
  readonly subject: string;
  /** `Date.now()` when it was made. */
  readonly sentAt: number;
  /** Its place among the messages published on the connection (`RequestMux.stamp`). */
  seq: number;
  /** The replica that reported holding it, once one did. */
  holder?: string;
}
