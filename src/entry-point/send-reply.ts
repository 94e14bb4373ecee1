import { maskErrorBody } from '../errors';
import { CONTENT_TYPES, type Exchange, sendError } from '../http/responses';
import { type CallReply } from '../protocol/envelope';

/**
 * Answers with a reply of the microservice: its body (200), no body (204), or its error in the
 * request's family, a 5xx masked as it is, with no Error built. Returns the reply's error code.
 */
export function sendReply(
  exchange: Exchange,
  reply: CallReply,
  development: boolean,
): string | undefined {
  if (!reply.ok) {
    sendError(exchange, maskErrorBody(reply.error, development));
    return reply.error.code;
  }
  const { ctx } = exchange;
  if (reply.body === null) {
    ctx.status = 204;
    return undefined;
  }
  ctx.status = 200;
  ctx.res.setHeader('Content-Type', CONTENT_TYPES[exchange.format]);
  ctx.body = reply.body;
  return undefined;
}
