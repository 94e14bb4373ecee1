import type Koa from 'koa';
import type { Logger } from 'pino';
import { isRemoteError, NOT_FOUND_MESSAGE, RemoteError, toErrorBody } from '../errors';
import { answerPreflight, applyCors, type CorsPolicy } from '../http/cors';
import { CONTENT_TYPES, sendError } from '../http/responses';
import {
  type CallContext,
  type CallEnvelope,
  type CallReply,
  ENVELOPE_VERSION,
  type Transport,
} from '../protocol/envelope';
import { isPromiseLike } from '../runtime/deadline';
import { type Format } from '../serialization/sequence';
import { readBodyText } from './body';
import { type CallSlots } from './call-slots';
import { type EntryPointConfig, type PermissionResolver } from './config';
import { type CallHeaders, readCallHeaders, requestIdOf } from './headers';
import { type Negotiation, negotiate } from './negotiation';
import { splitJsonArray, splitXmlParamArray } from './rmc-splitter';

/** The way to a native microservice: its transport, and the slots that cap its calls in flight. */
export interface CallRoute {
  readonly transport: Transport;
  readonly slots: CallSlots;
}

/** Writes the line of one served call: its path segments, status and start (`performance.now()`). */
export type CallLog = (
  requestId: string,
  parts: readonly string[],
  status: number,
  started: number,
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
}

/** Handles one request for `/{microservice}/{service}/{method}`; `parts` are the path segments. */
export type EntryPointHandler = (ctx: Koa.Context, parts: readonly string[]) => Promise<void>;

/**
 * Builds the entry point: checks in the order of DESIGN §4, turns the request into an envelope,
 * sends it to the microservice's transport and answers with the reply in the request's family.
 *
 * A call that its transport answers synchronously (an in-process method that returned a value)
 * needs no timer and no promise of its own; a pending one is raced against its deadline by a
 * single timer, which also gives back the call's slot.
 */
export function createEntryPoint(options: EntryPointOptions): EntryPointHandler {
  const { config, routes, cors, logger, logCall, development } = options;
  const limits = { maxArgs: config.maxArgs, maxDepth: config.maxDepth };
  const resolver = config.permissionResolver;
  const deadlineReply: CallReply = {
    ok: false,
    error: {
      status: 504,
      code: 'DEADLINE_EXCEEDED',
      message: `the call took longer than ${config.callTimeoutMs} ms`,
    },
  };

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
      throw new RemoteError('METHOD_NOT_FOUND', NOT_FOUND_MESSAGE);
    }
    if (method === 'OPTIONS') {
      if (cors) answerPreflight(ctx, cors);
      else ctx.status = 204;
      return undefined;
    }
    if (!negotiation.ok) throw negotiation.error;
    return route;
  }

  function envelopeOf(
    ctx: Koa.Context,
    parts: readonly string[],
    h: CallHeaders,
    body: string,
    requestId: string,
    format: Format,
  ): CallEnvelope {
    return {
      version: ENVELOPE_VERSION,
      microservice: parts[0] as string,
      service: parts[1] as string,
      method: parts[2] as string,
      apiId: h.apiId,
      sequenceName: h.sequenceName,
      args: splitArguments(body, h.apiId, format),
      context: withContextHeaders(
        {
          requestId,
          locale: h.locale,
          privilegeNames: h.privilegeNames,
          // Decided by the permission resolver, if there is one, within the deadline.
          privileged: false,
        },
        h,
        ctx.req.socket.remoteAddress,
      ),
      deadline: Date.now() + config.callTimeoutMs,
    };
  }

  /** The argument texts: the whole body for ROA, the elements of its array for RMC. */
  function splitArguments(body: string, apiId: CallHeaders['apiId'], format: Format): string[] {
    if (apiId === 'ROA') return [body];
    return format === 'json' ? splitJsonArray(body, limits) : splitXmlParamArray(body, limits);
  }

  /** Sends the call in one of the route's slots: the reply, at once or when it comes. */
  function send(
    route: CallRoute,
    envelope: CallEnvelope,
    h: CallHeaders,
  ): CallReply | Promise<CallReply> {
    route.slots.take();
    let sent: CallReply | PromiseLike<CallReply>;
    try {
      sent = resolver
        ? askResolverThenCall(route.transport, envelope, h, resolver)
        : route.transport.call(envelope);
    } catch (error) {
      route.slots.release();
      throw carrierFailure(error);
    }
    if (!isPromiseLike(sent)) {
      route.slots.release();
      return sent;
    }
    return beforeDeadline(sent, route.slots);
  }

  /** Asks the permission resolver whether the call is privileged, then sends it. */
  async function askResolverThenCall(
    transport: Transport,
    envelope: CallEnvelope,
    h: CallHeaders,
    ask: PermissionResolver,
  ): Promise<CallReply> {
    let granted: boolean;
    try {
      const request = { privilegeNames: h.privilegeNames, headers: contextHeaders(h) };
      const { microservice, service, method } = envelope;
      granted = (await ask({ ...request, microservice, service, method })) === true;
    } catch (error) {
      logger.error(
        { err: error, requestId: envelope.context.requestId },
        'the permission resolver failed',
      );
      throw new RemoteError('INTERNAL_ERROR', 'the permission resolver failed', { cause: error });
    }
    if (!granted) return transport.call(envelope);
    return transport.call({ ...envelope, context: { ...envelope.context, privileged: true } });
  }

  /**
   * The reply, or the 504 reply once the call timeout passed, whatever the resolver or carrier
   * do. The slot is given back at whichever comes first.
   */
  function beforeDeadline(sent: PromiseLike<CallReply>, slots: CallSlots): Promise<CallReply> {
    return new Promise((resolve, reject) => {
      let held = true;
      const timer = setTimeout(() => {
        held = false;
        slots.release();
        resolve(deadlineReply);
      }, config.callTimeoutMs);
      const settle = () => {
        if (!held) return false;
        held = false;
        clearTimeout(timer);
        slots.release();
        return true;
      };
      sent.then(
        (reply) => {
          if (settle()) resolve(reply);
        },
        (error: unknown) => {
          if (settle()) reject(carrierFailure(error));
        },
      );
    });
  }

  /** A carrier's own failure as the caller sees it: 503, unless it is already a remote error. */
  function carrierFailure(error: unknown): unknown {
    if (isRemoteError(error)) return error;
    logger.warn({ err: error }, 'a carrier failed');
    return new RemoteError('SERVICE_UNAVAILABLE', 'the microservice is not reachable', {
      cause: error,
    });
  }

  /** Answers with a reply of the microservice. */
  function answer(ctx: Koa.Context, reply: CallReply, requestId: string, format: Format): void {
    if (!reply.ok) {
      const { error } = reply;
      // A 4xx goes out as the microservice gave it, without building an Error and its stack.
      if (Number.isInteger(error.status) && error.status >= 400 && error.status < 500) {
        if (error.status === 413) ctx.set('Connection', 'close');
        sendError(ctx, error, requestId, format);
        return;
      }
      throw new RemoteError(error.code, error.message, { status: error.status });
    }
    if (reply.body === null) {
      ctx.status = 204;
      return;
    }
    ctx.status = 200;
    ctx.res.setHeader('Content-Type', CONTENT_TYPES[format]);
    ctx.body = reply.body;
  }

  return async function handleEntryPoint(ctx, parts) {
    const started = performance.now();
    const headers = ctx.req.headers;
    const requestId = requestIdOf(headers);
    // Headers of every answer go straight to Node's response: Koa's `set` adds two calls each.
    ctx.res.setHeader('X-SVC-Request-ID', requestId);
    if (cors) applyCors(ctx, cors);
    // The family follows from the headers alone, so that the 405 and 404 are in it too.
    const negotiation = negotiate(headers['content-type'], headers.accept);
    const format = negotiation.format;
    try {
      const route = check(ctx, parts, negotiation);
      if (route) {
        const callHeaders = readCallHeaders(headers, format, config);
        const limit = Math.min(config.maxBodyBytes, route.transport.maxBodyBytes ?? Infinity);
        const body = await readBodyText(ctx.req, limit);
        const envelope = envelopeOf(ctx, parts, callHeaders, body, requestId, format);
        const sent = send(route, envelope, callHeaders);
        answer(ctx, isPromiseLike(sent) ? await sent : sent, requestId, format);
      }
    } catch (error) {
      if (isRemoteError(error) && error.headers) ctx.set(error.headers);
      if (isRemoteError(error) && error.status === 413) ctx.set('Connection', 'close');
      sendError(ctx, toErrorBody(error, development), requestId, format);
    }
    logCall(requestId, parts, ctx.status, started);
  };
}

type ContextDraft = { -readonly [K in keyof CallContext]: CallContext[K] };

/** The context headers that were given, as fields (assigned one by one: spreads cost per call). */
function contextHeaders(h: CallHeaders, into: Partial<ContextDraft> = {}) {
  if (h.sessionId !== undefined) into.sessionId = h.sessionId;
  if (h.user !== undefined) into.user = h.user;
  if (h.clientApplicationName !== undefined) into.clientApplicationName = h.clientApplicationName;
  if (h.ip !== undefined) into.ip = h.ip;
  return into;
}

/** Completes a call context with the given context headers and the socket's peer address. */
function withContextHeaders(
  context: ContextDraft,
  h: CallHeaders,
  peerAddress: string | undefined,
): CallContext {
  contextHeaders(h, context);
  if (peerAddress) context.peerAddress = peerAddress;
  return context;
}
