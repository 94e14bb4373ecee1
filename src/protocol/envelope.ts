import { type ErrorBody } from '../errors';

/** The version of the envelope format; a carrier refuses frames of another version. */
export const ENVELOPE_VERSION = 1;

/** The two invocation modes. */
export type ApiId = 'ROA' | 'RMC';

/** What a service method can learn of the call it serves (docs/design.md §5). */
export interface CallContext {
  readonly requestId: string;
  readonly sessionId?: string;
  readonly user?: string;
  readonly clientApplicationName?: string;
  /** The `X-SVC-IP` header: the address the caller claims. */
  readonly ip?: string;
  /** The address of the socket peer, as the main server saw it. */
  readonly peerAddress?: string;
  readonly locale: string;
  readonly privilegeNames: readonly string[];
  /** The permission resolver's answer for this call. */
  readonly privileged: boolean;
  /** The W3C trace context of the call, when tracing is on: its `traceparent` header. */
  readonly traceparent?: string;
  /** The W3C `tracestate` that goes with {@link traceparent}. */
  readonly tracestate?: string;
}

/** The context fields that are present only when the caller gave them. */
export const OPTIONAL_CONTEXT_KEYS = [
  'sessionId',
  'user',
  'clientApplicationName',
  'ip',
  'peerAddress',
  'traceparent',
  'tracestate',
] as const satisfies readonly (keyof CallContext)[];

/** A call on its way from the main server to a microservice. */
export interface CallEnvelope {
  readonly version: typeof ENVELOPE_VERSION;
  readonly microservice: string;
  readonly service: string;
  readonly method: string;
  readonly apiId: ApiId;
  readonly sequenceName: string;
  /** One serialized text per argument: the whole body for ROA, the split array for RMC. */
  readonly args: readonly string[];
  readonly context: CallContext;
  /** Epoch milliseconds after which the call must not start and its answer is no longer awaited. */
  readonly deadline: number;
  /**
   * Epoch milliseconds (the main server's clock) after which a replica must not take the call:
   * by then the main server has answered it as never taken (see docs/faults.md). Absent: no limit.
   */
  readonly takeBy?: number;
}

/** The answer: the serialized result (`null` for a method that returned nothing), or an error. */
export type CallReply =
  | { readonly ok: true; readonly body: string | null }
  | { readonly ok: false; readonly error: ErrorBody };

/**
 * A reply as a reply frame carries it over NATS: with the id of the replica that sent it, when the
 * replica named itself (a replica of an earlier release does not).
 */
export type FramedReply = CallReply & { readonly replica?: string };

/**
 * Carries envelopes from the main server to one microservice. The in-process carrier hands the
 * object over; the NATS carrier encodes it and sends it to a queue group of replicas.
 */
export interface Transport {
  /** A short description of where the microservice runs, for the start-up log. */
  readonly placement: string;
  /**
   * The largest body this carrier can take with the envelope around it, when it has a limit (NATS
   * max payload). The entry point answers 413 above the smaller of this and `maxBodyBytes`.
   */
  readonly maxBodyBytes?: number;
  /**
   * True while the carrier itself answers every call by its envelope's deadline (504
   * `DEADLINE_EXCEEDED`), as NATS requests time out then: the entry point sets no timer of its own
   * for such a call. Absent or false: the entry point races the call against its deadline.
   */
  readonly keepsDeadline?: boolean;
  /**
   * Opens the carrier (a NATS connection); the main server awaits it before it listens. Calls
   * open it on first use when nobody did.
   */
  start?(): Promise<void>;
  /**
   * Whether the microservice can take calls now, for a carrier that can tell (NATS: a replica
   * answers a ping). Readiness asks it; a carrier without it is always ready once started. A
   * `RemoteError` it rejects with gives readiness its reason (`<microservice>: <message>`).
   */
  ready?(): Promise<boolean>;
  /**
   * Delivers a call. Rejects only for carrier failures; service errors come back as replies. A
   * carrier that has the reply at once (an in-process method that returned a value) may return
   * it as is, which spares the entry point its deadline timer.
   */
  call(envelope: CallEnvelope): CallReply | Promise<CallReply>;
  /** Releases the carrier's resources. */
  close(): Promise<void>;
}
