import { STATUS_CODES } from 'node:http';
import { format, types } from 'node:util';
import { type ErrorBody, isRemoteError, maskErrorBody, toErrorBody } from '../errors';
import { codeOfStatus } from '../http/code-of-status';

/** What a thrown error may carry that its answer uses, as Koa and http-errors set it. */
export interface Thrown extends Error {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  headers?: unknown;
}

/**
 * What `read` makes of the thrown value, or undefined where reading it throws (a getter of a
 * library's error that throws): the answer is then a plain 500, never Koa's `text/plain`.
 */
export function readThrown<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The thrown value as an Error, as Koa makes it of a string, `null` or any other value. */
export function asError(thrown: unknown): Thrown {
  // An error of another realm (a VM context's, a test runner's) is not `instanceof` this one's.
  return thrown instanceof Error || types.isNativeError(thrown)
    ? thrown
    : new Error(`non-error thrown: ${shown(thrown)}`);
}

/** A thrown value as JSON, as Koa shows it; JSON cannot write a BigInt or what its toJSON throws. */
function shown(thrown: unknown): string {
  return readThrown(() => format('%j', thrown)) ?? `a value of type ${typeof thrown}`;
}

/**
 * What a client sees of a value that middleware threw: a status of 400-599 it carries (Koa's
 * `ctx.throw`, http-errors) is kept, with the code that {@link codeOfStatus} names, and with its
 * message where `expose` says so (or in development mode), else the status's text; anything else
 * is a 500 `INTERNAL_ERROR`, its message only in development mode. Never a stack.
 */
export function middlewareErrorBody(thrown: unknown, development: boolean): ErrorBody {
  if (isRemoteError(thrown)) return maskErrorBody(thrown.toBody(), development);
  const error = asError(thrown);
  const named = error.status ?? error.statusCode;
  const status =
    typeof named === 'number' && named >= 400 && named <= 599 && STATUS_CODES[named] ? named : 500;
  // A message that is not a string (`Object.assign(error, { message: {…} })`) is not shown.
  const told = typeof error.message === 'string' && (error.expose === true || development);
  if (status === 500) {
    return told
      ? { status, code: 'INTERNAL_ERROR', message: error.message }
      : toErrorBody(error, false);
  }
  const message = told ? error.message : (STATUS_CODES[status] as string);
  return { status, code: codeOfStatus(status), message };
}
