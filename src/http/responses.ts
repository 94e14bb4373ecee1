import { type ErrorBody } from '../errors';
import { type Format } from '../serialization/sequence';
import { escapeXmlText } from '../serialization/xml-text';
import { type HttpContext } from './http-context';

/** The response Content-Type of each family. */
export const CONTENT_TYPES: Readonly<Record<Format, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

/** The error envelope of docs/design.md §6 in one family. */
export function serializeError(error: ErrorBody, requestId: string, format: Format): string {
  if (format === 'json') {
    return JSON.stringify({
      error: { status: error.status, code: error.code, message: error.message, requestId },
    });
  }
  return (
    `<error><status>${error.status}</status><code>${escapeXmlText(error.code)}</code>` +
    `<message>${escapeXmlText(error.message)}</message>` +
    `<requestId>${escapeXmlText(requestId)}</requestId></error>`
  );
}

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
