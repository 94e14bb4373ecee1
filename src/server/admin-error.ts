import type Koa from 'koa';
import { requestIdOf } from '../entry-point/request-id-of';
import { svcHeaderValues } from '../entry-point/svc-header-values';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { CONTENT_TYPES } from '../http/responses';
import { serializeError } from '../serialization/error-envelope';

/**
 * Answers a request an admin route refuses with the error envelope of docs/errors.md, in JSON
 * (the family of every admin answer), under the caller's request id when it is a valid one.
 */
export function answerAdminError(ctx: Koa.Context, code: ErrorCode, message: string): void {
  const requestId = requestIdOf(svcHeaderValues(ctx.req.rawHeaders));
  const status = ERROR_STATUS[code];
  ctx.status = status;
  ctx.set('Content-Type', CONTENT_TYPES.json);
  ctx.set('X-SVC-Request-ID', requestId);
  ctx.body = serializeError({ status, code, message }, requestId, 'json');
}
