/**
 * Every error the framework answers with: one class, one code → status table.
 * A code missing from the table does not compile, so no error goes out without a status.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_HEADER: 400,
  MALFORMED_BODY: 400,
  LIMIT_EXCEEDED: 400,
  WRONG_ARITY: 400,
  INVALID_ARGUMENT: 400,
  FORBIDDEN: 403,
  METHOD_NOT_FOUND: 404,
  /** A path under `/-/` that is no admin route (or `/-/metrics` with metrics off). */
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  REPLY_TOO_LARGE: 500,
  BAD_REPLY: 502,
  /** The replica that took the call was lost (died, hung, cut off) before it answered: it may have run. */
  REPLICA_LOST: 502,
  /** The replica finished the call, but its reply was lost on the way: it ran. */
  REPLY_LOST: 502,
  MALFORMED_FRAME: 502,
  UNKNOWN_VERSION: 502,
  FRAME_TOO_LARGE: 502,
  /** The main server shut down, its drain grace over, before it answered: the call may have run. */
  SERVER_LEFT: 502,
  SERVICE_UNAVAILABLE: 503,
  OVERLOADED: 503,
  /** No replica reports taking the call (see docs/faults.md); none will start it now. */
  NOT_ACKNOWLEDGED: 503,
  DEADLINE_EXCEEDED: 504,
  /** A client's request got no HTTP answer at all (refused, reset, DNS): no server spoke. */
  NETWORK_ERROR: 503,
} as const satisfies Record<string, number>;

/** The one message of every 404, whatever name was not found, so that callers cannot probe. */
export const NOT_FOUND_MESSAGE = 'no such remote method';

/** The header of a 503 that asks the caller to retry in a second. */
export const RETRY_AFTER: Readonly<Record<string, string>> = { 'Retry-After': '1' };

/** A code of the framework's own error table. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The serializable form of an error, as it travels in a reply and in the error envelope. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
}

const REMOTE_ERROR_BRAND: unique symbol = Symbol.for('portico.RemoteError');

/**
 * An error with a code and an HTTP status, kept unchanged from the service method to the caller.
 *
 * @example
 * throw new RemoteError('DIVISION_BY_ZERO', 'b must not be 0', { status: 400 });
 */
export class RemoteError extends Error {
  /** The brand that {@link isRemoteError} checks, shared by every copy of this module. */
  readonly [REMOTE_ERROR_BRAND] = true;
  readonly code: string;
  readonly status: number;
  /** Extra headers the entry point sets on the error response (for example `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The request id of the call that failed, where a client learnt it from the answer. */
  readonly requestId?: string;

  constructor(
    code: ErrorCode | (string & {}),
    message: string,
    options: {
      status?: number;
      cause?: unknown;
      headers?: Record<string, string>;
      requestId?: string;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RemoteError';
    this.code = code;
    this.status = options.status ?? statusOf(code);
    if (!Number.isInteger(this.status) || this.status < 400 || this.status > 599) {
      throw new TypeError(`RemoteError status must be 400-599, got ${this.status}`);
    }
    if (options.headers) this.headers = options.headers;
    if (options.requestId !== undefined) this.requestId = options.requestId;
  }

  /** The error as it travels: status, code and message. */
  toBody(): ErrorBody {
    return { status: this.status, code: this.code, message: this.message };
  }
}

/**
 * Builds an error of the framework's own table: its status is the table's, never chosen here.
 *
 * @example
 * throw frameworkError('OVERLOADED', 'retry later', { headers: RETRY_AFTER });
 */
export function frameworkError(
  code: ErrorCode,
  message: string,
  options: { cause?: unknown; headers?: Record<string, string> } = {},
): RemoteError {
  return new RemoteError(code, message, options);
}

/** True when `value` is a {@link RemoteError}, also one made by another copy of this module. */
export function isRemoteError(value: unknown): value is RemoteError {
  return (
    value instanceof RemoteError ||
    (typeof value === 'object' && value !== null && REMOTE_ERROR_BRAND in value)
  );
}

function statusOf(code: string): number {
  const status = (ERROR_STATUS as Record<string, number>)[code];
  return Object.hasOwn(ERROR_STATUS, code) && status !== undefined ? status : 500;
}

/**
 * What a client may see of any thrown value. A remote error keeps its status and code; its message
 * shows below 500, and from 500 up only for the framework's own codes (which never carry
 * internals) or in development mode. Anything else is a 500 whose message is hidden unless
 * `development` is on.
 */
export function toErrorBody(error: unknown, development: boolean): ErrorBody {
  if (isRemoteError(error)) {
    const { status, code } = error;
    return maskErrorBody({ status, code, message: String(error.message) }, development);
  }
  const message =
    development && error instanceof Error
      ? `${error.message}\n${error.stack ?? ''}`
      : HIDDEN_MESSAGE;
  return { status: 500, code: 'INTERNAL_ERROR', message };
}

/**
 * An error body as a client may see it: from 500 up, the message shows only for the framework's
 * own codes (which never carry internals) or in development mode. A reply's body from a
 * microservice goes through here as it is, with no Error built for it.
 */
export function maskErrorBody(body: ErrorBody, development: boolean): ErrorBody {
  const hidden =
    body.status >= 500 &&
    !development &&
    (body.code === 'INTERNAL_ERROR' || !Object.hasOwn(ERROR_STATUS, body.code));
  return hidden ? { status: body.status, code: body.code, message: HIDDEN_MESSAGE } : body;
}

const HIDDEN_MESSAGE = 'Internal server error';
