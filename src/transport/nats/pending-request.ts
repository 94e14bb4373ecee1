import { type Outgoing } from './outgoing-batch';

/** A request that waits for its reply, as a replica watch sees it. */
export interface PendingRequest {
  readonly subject: string;
  /** Where it was published: `subject` (the queue group), or one replica's own subject. */
  readonly to: string;
  /** Its reply subject, which its replica reports while it holds the request. */
  readonly token: string;
  /** `Date.now()` when it was made. */
  readonly sentAt: number;
  /** Its place among the messages published on the connection (`RequestMux.stamp`). */
  seq: number;
  /** The replica that reported holding it, once one did. */
  holder?: string;
}

/** A request from its call to its reply: one object, queued to publish and then waiting. */
export class Waiting implements PendingRequest, Outgoing {
  seq = Number.POSITIVE_INFINITY;
  holder?: string;

  constructor(
    /** Its number, the last part of its reply subject: the key of the request in the mux. */
    readonly id: number,
    readonly subject: string,
    readonly to: string,
    public data: Uint8Array,
    readonly token: string,
    readonly sentAt: number,
    /** `Date.now()` after which it is answered `timeout`. */
    readonly expiresAt: number,
    readonly timeoutMs: number,
    readonly resolve: (data: Uint8Array) => void,
    readonly reject: (error: Error) => void,
  ) {}
}
