import { type ErrorBody, isRemoteError, RemoteError } from '../errors';
import { type ApiId } from '../protocol/envelope';
import { reviveDates } from './revive-dates';

/** The one sequence a client speaks: plain JSON, the entry point's default. */
export const CLIENT_SEQUENCE = 'libBParamArrayJsonInOutSequence';

/** One argument as JSON text; `undefined` travels as `null`, as it would in an array. */
export function argumentText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** ROA for a call with one argument, RMC for any other number: the method's arity. */
export function apiIdFor(args: readonly unknown[]): ApiId {
  return args.length === 1 ? 'ROA' : 'RMC';
}

/**
 * The result of a reply's text: `undefined` for no body, else the JSON with its dates revived.
 * Text that is not JSON is a 502 `BAD_REPLY` that says what it is, for example `the HTTP 200
 * answer is not JSON: <html>…`, not the parser's `Unexpected token '<'`.
 */
export function readResult(
  text: string | null,
  datePaths: Iterable<string> | undefined,
  what = 'the reply',
): unknown {
  if (text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const start = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    const message = `${what} is not JSON: ${start === '' ? 'it is empty' : JSON.stringify(start)}`;
    throw new RemoteError('BAD_REPLY', message, { status: 502, cause: error });
  }
  return datePaths ? reviveDates(value, datePaths) : value;
}

/** The error of a failed call, with the request id it was made under. */
export function errorOf(body: ErrorBody, requestId: string | undefined, cause?: unknown) {
  const status = Number.isInteger(body.status) && body.status >= 400 ? body.status : 502;
  return new RemoteError(body.code, body.message, {
    status: Math.min(status, 599),
    cause,
    ...(requestId === undefined ? {} : { requestId }),
  });
}

/** A remote error as it is, with `requestId` added where it was missing. */
export function withRequestId(error: unknown, requestId: string | undefined): unknown {
  if (!isRemoteError(error) || error.requestId !== undefined || requestId === undefined) {
    return error;
  }
  return errorOf(error.toBody(), requestId, error);
}

/**
 * The error of an HTTP answer that is not a success: the error envelope when the body is one,
 * else an error named after the status (a proxy's 502, 503 or 504 page).
 */
export function httpError(status: number, text: string, requestId: string | undefined) {
  const body = errorEnvelope(text);
  if (body) return errorOf(body, body.requestId ?? requestId);
  const code =
    status === 503 ? 'SERVICE_UNAVAILABLE' : status === 504 ? 'DEADLINE_EXCEEDED' : 'BAD_REPLY';
  const known = status >= 400 && status <= 599 ? status : 502;
  return errorOf(
    { status: known, code, message: `HTTP ${status} without an error envelope` },
    requestId,
  );
}

function errorEnvelope(text: string): (ErrorBody & { requestId?: string }) | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.status !== 'number')
    return undefined;
  return {
    status: error.status,
    code: error.code,
    message: typeof error.message === 'string' ? error.message : '',
    ...(typeof error.requestId === 'string' ? { requestId: error.requestId } : {}),
  };
}
