import { type ErrorBody } from '../errors';
import { serializeError } from '../serialization/error-envelope';
import { CONTENT_TYPES } from '../serialization/raw-error-response';
import { type Format } from '../serialization/sequence';
import { type HttpContext } from './http-context';

/** The response Content-Type of each family. */
export { CONTENT_TYPES };

/** One request and what its answer needs: its context, its request id and its family. */
export interface Exchange {
  readonly ctx: HttpContext;
  readonly requestId: string;
  readonly format: Format;
}

/**
 * Answers with the error envelope. A 413 also closes the connection: the body it refused may
 * still be on its way, and reading it to keep the connection would defeat the limit.
 */
export function sendError({ ctx, requestId, format }: Exchange, error: ErrorBody): void {
  if (error.status === 413) ctx.set('Connection', 'close');
  ctx.status = error.status;
  ctx.set('Content-Type', CONTENT_TYPES[format]);
  ctx.body = serializeError(error, requestId, format);
}
