import type Koa from 'koa';
import type { Logger } from 'pino';
import { isRemoteError, maskErrorBody, RemoteError, toErrorBody } from '../errors';
import { answerPreflight, applyCors, type CorsPolicy } from '../http/cors';
import { CONTENT_TYPES, sendError } from '../http/responses';
import { type CallObservation, type CallObserver } from '../observability/call-observer';
import { type TraceIds } from '../observability/call-tracing';
import { isPromiseLike } from '../protocol/deadline';
import {
  type CallContext,
  type CallEnvelope,
  type CallReply,
  ENVELOPE_VERSION,
} from '../protocol/envelope';
import { type Format } from '../serialization/sequence';
import { readBodyText } from './body';
import { type EntryPointConfig } from './config';
import { type CallRoute, type ClaimedHeaders, createDispatch } from './dispatch';
import { type CallHeaders, readCallHeaders, requestIdOf } from './headers';
import { type Negotiation, negotiate } from './negotiation';
import { microserviceNotFound } from './not-found';
import { splitJsonArray, splitXmlParamArray } from './rmc-splitter';

/**
 * Writes the line of one served call: its path segments, status and start (`performance.now()`),
 * and the ids of its span when one is recorded.
 */
export type CallLog = (
  requestId: string,
  parts: readonly string[],
  status: number,
  started: number,
  trace?: TraceIds,
) => void;

/** What an entry point needs: its configuration and a route per native microservice. */
export interface EntryPointOptions {
  readonly config: EntryPointConfig;
  readonly routes: ReadonlyMap<string, CallRoute>;
  readonly cors: CorsPolicy | undefined;
  readonly logger: Logger;
  /** Writes the line of each served call. */
  readonly logCall: CallLog;
  readonly development: boolean;
  /** Counts and traces every call; none when metrics and tracing are off. */
  readonly observe?: CallObserver | undefined;
}

/** Handles one request for `/{microservice}/{service}/{method}`; `parts` are the path segments. */
export type EntryPointHandler = (ctx: Koa.Context, parts: readonly string[]) => Promise<void>;

/** What a call's envelope is built from, besides the entry point's configuration. */
interface CallRequest {
  readonly ctx: Koa.Context;
  readonly parts: readonly string[];
  readonly headers: CallHeaders;
  readonly body: string;
  readonly requestId: string;
  readonly format: Format;
  readonly observation: CallObservation | undefined;
}

/**
 * Builds the entry point: checks in the order of DESIGN §4, turns the request into an envelope,
 * hands it to the dispatch (slots, permission resolver, deadline) and answers with the reply in
 * the request's family. A call that its transport answers synchronously (an in-process method
 * that returned a value) needs no timer and no promise of its own.
 */
export function createEntryPoint(options: EntryPointOptions): EntryPointHandler {
  const { config, routes, cors, logger, logCall, development, observe } = options;
  const limits = { maxArgs: config.maxArgs, maxDepth: config.maxDepth };
  const dispatch = createDispatch({
    callTimeoutMs: config.callTimeoutMs,
    resolver: config.permissionResolver,
    logger,
  });

  /**
   * The checks that need no body, in the order of DESIGN §4. Returns the route to call, or
   * `undefined` when the request was answered (a preflight).
   */
  function check(
    ctx: Koa.Context,
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

  function envelopeOf(request: CallRequest): CallEnvelope {
    const { parts, headers } = request;
    const context = contextOf(request);
    request.observation?.inject(context);
    return {
      version: ENVELOPE_VERSION,
      microservice: parts[0] as string,
      service: parts[1] as string,
      method: parts[2] as string,
      apiId: headers.apiId,
      sequenceName: headers.sequenceName,
      args: splitArguments(request),
      context,
      deadline: Date.now() + config.callTimeoutMs,
    };
  }

  /** The argument texts: the whole body for ROA, the elements of its array for RMC. */
  function splitArguments({ body, headers, format }: CallRequest): string[] {
    if (headers.apiId === 'ROA') return [body];
    return format === 'json' ? splitJsonArray(body, limits) : splitXmlParamArray(body, limits);
  }

  /**
   * Answers with a reply of the microservice; a 5xx body is masked as it is, with no Error.
   * Returns the reply's error code.
   */
  function answer(
    ctx: Koa.Context,
    reply: CallReply,
    requestId: string,
    format: Format,
  ): string | undefined {
    if (!reply.ok) {
      sendError(ctx, maskErrorBody(reply.error, development), requestId, format);
      return reply.error.code;
    }
    if (reply.body === null) {
      ctx.status = 204;
      return undefined;
    }
    ctx.status = 200;
    ctx.res.setHeader('Content-Type', CONTENT_TYPES[format]);
    ctx.body = reply.body;
    return undefined;
  }

  return async function handleEntryPoint(ctx, parts) {
    const started = performance.now();
    const headers = ctx.req.headers;
    const requestId = requestIdOf(headers);
    const observation = observe?.(parts, requestId, headers, started);
    // Headers of every answer go straight to Node's response: Koa's `set` adds two calls each.
    ctx.res.setHeader('X-SVC-Request-ID', requestId);
    if (cors) applyCors(ctx, cors);
    // The family follows from the headers alone, so that the 405 and 404 are in it too.
    const negotiation = negotiate(headers['content-type'], headers.accept);
    const format = negotiation.format;
    let code: string | undefined;
    let replied = false;
    let requestBytes = 0;
    try {
      const route = check(ctx, parts, negotiation);
      if (route) {
        const callHeaders = readCallHeaders(headers, format, config);
        const limit = Math.min(config.maxBodyBytes, route.transport.maxBodyBytes ?? Infinity);
        const body = await readBodyText(ctx.req, limit);
        if (observation) requestBytes = Buffer.byteLength(body);
        const request = { ctx, parts, headers: callHeaders, body, requestId, format, observation };
        const envelope = envelopeOf(request);
        const claimed = claimedHeaders(callHeaders);
        const sent = observation
          ? observation.run(() => dispatch(route, envelope, claimed))
          : dispatch(route, envelope, claimed);
        code = answer(ctx, isPromiseLike(sent) ? await sent : sent, requestId, format);
        replied = true;
      }
    } catch (error) {
      if (isRemoteError(error) && error.headers) ctx.set(error.headers);
      const body = toErrorBody(error, development);
      code = body.code;
      sendError(ctx, body, requestId, format);
    }
    if (observation) {
      const { status } = ctx;
      const responseBytes = typeof ctx.body === 'string' ? Buffer.byteLength(ctx.body) : 0;
      observation.end({ status, code, replied, requestBytes, responseBytes });
    }
    logCall(requestId, parts, ctx.status, started, observation?.trace);
  };
}

type ContextDraft = { -readonly [K in keyof CallContext]: CallContext[K] };

/** The context headers that were given, as fields (assigned one by one: spreads cost per call). */
function claimedHeaders(h: CallHeaders, into: Partial<ContextDraft> = {}): ClaimedHeaders {
  if (h.sessionId !== undefined) into.sessionId = h.sessionId;
  if (h.user !== undefined) into.user = h.user;
  if (h.clientApplicationName !== undefined) into.clientApplicationName = h.clientApplicationName;
  if (h.ip !== undefined) into.ip = h.ip;
  return into;
}

/** The call context: the request id, the context headers and the socket's peer address. */
function contextOf({ ctx, headers, requestId }: CallRequest): CallContext {
  const context: ContextDraft = {
    requestId,
    locale: headers.locale,
    privilegeNames: headers.privilegeNames,
    // Decided by the permission resolver, if there is one, within the deadline.
    privileged: false,
  };
  claimedHeaders(headers, context);
  const peerAddress = ctx.req.socket.remoteAddress;
  if (peerAddress) context.peerAddress = peerAddress;
  return context;
}
