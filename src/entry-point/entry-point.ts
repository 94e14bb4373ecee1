// Imported, not the globals: Node's global Buffer and performance are getters, called on each use
// (about 150 instructions each; docs/performance.md, "What metrics and tracing cost").
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { isRemoteError, RemoteError, toErrorBody } from '../errors';
import { codeAfter } from '../http/code-of-status';
import { answerPreflight } from '../http/cors';
import { type HttpContext } from '../http/http-context';
import { sendError } from '../http/responses';
import { type CallObserver } from '../observability/call-observer';
import { type TraceIds } from '../observability/call-tracing';
import { isPromiseLike } from '../protocol/deadline';
import { readBodyText } from './body';
import { applyCallCors, createCallCors } from './call-cors';
import { callEnvelope } from './call-envelope';
import { type EntryPointConfig } from './config';
import { type CallRoute, createDispatch } from './dispatch';
import { negotiateRequest } from './negotiate-request';
import { type Negotiation } from './negotiation';
import { microserviceNotFound } from './not-found';
import { readCallHeaders } from './read-call-headers';
import { requestIdOf } from './request-id-of';
import { sendReply } from './send-reply';
import { svcHeaderValues } from './svc-header-values';

/**
 * Writes the line of one served call: its path segments, status and start (`performance.now()`),
 * and the ids of its span when one is recorded.
 */
export type CallLog = (
  // Positional, as test/unit/logger.test.ts calls it: the one exception to options objects.
  requestId: string,
  parts: readonly string[],
  status: number,
  started: number,
  trace?: TraceIds,
  /** When the answer was sent, if the caller read the clock already; else read for the line. */
  ended?: number,
) => void;

/** What an entry point needs: its configuration and a route per native microservice. */
export interface EntryPointOptions {
  readonly config: EntryPointConfig;
  readonly routes: ReadonlyMap<string, CallRoute>;
  readonly logger: Logger;
  /** Writes the line of each served call. */
  readonly logCall: CallLog;
  readonly development: boolean;
  /** Counts and traces every call; none when metrics and tracing are off. */
  readonly observe?: CallObserver | undefined;
}

/** Handles one request for `/{microservice}/{service}/{method}`; `parts` are the path segments. */
export type EntryPointHandler = (ctx: HttpContext, parts: readonly string[]) => Promise<void>;

/**
 * Builds the entry point: checks in the order of docs/design.md §4, turns the request into an
 * envelope, hands it to the dispatch (slots, permission resolver, deadline) and answers with the reply in
 * the request's family. A call that its transport answers synchronously (an in-process method
 * that returned a value) needs no timer and no promise of its own.
 */
export function createEntryPoint(options: EntryPointOptions): EntryPointHandler {
  const { config, routes, logger, logCall, development, observe } = options;
  const cors = createCallCors(config.cors);
  const dispatch = createDispatch({
    callTimeoutMs: config.callTimeoutMs,
    resolver: config.permissionResolver,
    logger,
  });

  /**
   * The checks that need no body, in the order of docs/design.md §4. Returns the route to call, or
   * `undefined` when the request was answered (a preflight).
   */
  function check(
    ctx: HttpContext,
    parts: readonly string[],
    negotiation: Negotiation,
  ): CallRoute | undefined {
    const method = ctx.method;
    if (method !== 'POST' && method !== 'OPTIONS') {
      ctx.set('Allow', 'POST, OPTIONS');
      throw new RemoteError('METHOD_NOT_ALLOWED', `${method} is not allowed: use POST`);
    }
    const route = parts.length === 3 ? routes.get(parts[0] as string) : undefined;
    if (!route || !parts[1] || !parts[2]) {
      throw microserviceNotFound(parts, routes.keys(), development);
    }
    if (method === 'OPTIONS') {
      if (cors) answerPreflight(ctx, cors);
      else ctx.status = 204;
      return undefined;
    }
    if (!negotiation.ok) throw negotiation.error;
    return route;
  }

  return async function handleEntryPoint(ctx, parts) {
    const started = performance.now();
    const headers = ctx.req.headers;
    const svcHeaders = svcHeaderValues(ctx.req.rawHeaders);
    const requestId = requestIdOf(svcHeaders);
    const observation = observe?.({ parts, requestId, headers, started });
    // Headers of every answer go straight to Node's response: Koa's `set` adds two calls each.
    ctx.res.setHeader('X-SVC-Request-ID', requestId);
    applyCallCors(ctx, cors);
    // The family follows from the headers alone, so that the 405 and 404 are in it too.
    const negotiation = negotiateRequest(headers, ctx.req.rawHeaders);
    const format = negotiation.format;
    let code: string | undefined;
    let replied = false;
    let requestBytes = 0;
    try {
      const route = check(ctx, parts, negotiation);
      if (route) {
        const callHeaders = readCallHeaders(svcHeaders, format, config);
        const limit = Math.min(config.maxBodyBytes, route.transport.maxBodyBytes ?? Infinity);
        const body = await readBodyText(ctx.req, limit);
        if (observation) requestBytes = Buffer.byteLength(body);
        const request = { ctx, parts, headers: callHeaders, body, requestId, format, observation };
        const envelope = callEnvelope(request, config);
        const sent = observation
          ? observation.run(() => dispatch(route, envelope))
          : dispatch(route, envelope);
        code = sendReply(request, isPromiseLike(sent) ? await sent : sent, development);
        replied = true;
      }
    } catch (error) {
      if (isRemoteError(error) && error.headers) ctx.set(error.headers);
      const body = toErrorBody(error, development);
      code = body.code;
      sendError({ ctx, requestId, format }, body);
    }
    // With user middleware around the call, the status and code it sent are known later.
    const finish = (status: number, sentCode: string | undefined): void => {
      if (!observation) {
        logCall(requestId, parts, status, started);
        return;
      }
      // One reading of the clock for the metrics' duration and the call line's.
      const ended = performance.now();
      const responseBytes = typeof ctx.body === 'string' ? Buffer.byteLength(ctx.body) : 0;
      observation.end({ status, code: sentCode, replied, requestBytes, responseBytes, ended });
      logCall(requestId, parts, status, started, observation.trace, ended);
    };
    const held = ctx.callLine;
    if (held && !held.settled) {
      const answered = ctx.status;
      held.write = (status, thrown) => finish(status, thrown ?? codeAfter(status, answered, code));
    } else finish(ctx.status, code);
  };
}
