import { ErrorCode, NatsError } from 'nats';
import { frameworkError, RETRY_AFTER, RemoteError } from '../../errors';
import { NoReplyError } from './no-reply-error';

/** 503 with `Retry-After`: the microservice cannot be reached right now. */
export function unavailable(message: string, cause?: unknown): RemoteError {
  return frameworkError('SERVICE_UNAVAILABLE', message, { cause, headers: RETRY_AFTER });
}

/** 503: the main server's own NATS connection is down; the client reconnects by itself. */
export function natsDown(): RemoteError {
  return unavailable('the connection to NATS is down; reconnecting');
}

/** The caller's answer to a failure of the hop: 503, 504 or 413 (docs/faults.md). */
export function carrierError(
  error: unknown,
  microservice: string,
  maxPayload: number,
): RemoteError {
  // The replica watch's answers (docs/faults.md) are the caller's as they are.
  if (error instanceof RemoteError) return error;
  if (error instanceof NoReplyError) {
    if (error.reason === 'no-responders') {
      return unavailable(`no replica of ${microservice} is running`, error);
    }
    if (error.reason === 'timeout') return deadlinePassed();
  }
  if (error instanceof NatsError && error.code === ErrorCode.MaxPayloadExceeded) {
    return tooLarge(undefined, maxPayload);
  }
  return unavailable(`${microservice} is not reachable over NATS`, error);
}

/** 504: the call's deadline passed before its reply came. */
export function deadlinePassed(): RemoteError {
  return frameworkError('DEADLINE_EXCEEDED', 'the deadline passed before the reply came');
}

/** 413: the call does not fit the NATS max payload. */
export function tooLarge(size: number | undefined, maxPayload: number): RemoteError {
  const what = size === undefined ? 'the call' : `the call of ${size} bytes`;
  return frameworkError(
    'PAYLOAD_TOO_LARGE',
    `${what} does not fit the NATS max payload of ${maxPayload} bytes`,
  );
}
