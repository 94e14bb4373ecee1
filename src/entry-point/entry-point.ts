import type Koa from 'koa';
import type { Logger } from 'pino';
import { isRemoteError, NOT_FOUND_MESSAGE, RemoteError, toErrorBody } from '../errors';
import { type Format } from '../serialization/sequence';
import { type EntryPointConfig, type PermissionResolver } from '../server/config';
import { answerPreflight, applyCors, type CorsPolicy } from '../server/cors';
import {
  type CallContext,
  type CallEnvelope,
  type CallReply,
  ENVELOPE_VERSION,
  type Transport,
} from '../transport/envelope';
import { readBodyText } from './body';
import { type CallHeaders, readCallHeaders, requestIdOf } from './headers';
import { negotiate } from './negotiation';
import { CONTENT_TYPES, sendError } from './responses';
import { splitJsonArray, splitXmlParamArray } from './rmc-splitter';

/** What an entry point needs: its configuration and a transport per native microservice. */
export interface EntryPointOptions {
  readonly config: EntryPointConfig;
  readonly transports: ReadonlyMap<string, Transport>;
  readonly cors: CorsPolicy | undefined;
  readonly logger: Logger;
  readonly development: boolean;
}

/** Handles one request for `/{microservice}/{service}/{method}`; `parts` are the path segments. */
export type EntryPointHandler = (ctx: Koa.Context, parts: readonly string[]) => Promise<void>;

/**
 * Builds the entry point: checks in the order of DESIGN §4, turns the request into an envelope,
 * sends it to the microservice's transport and answers with the reply in the request's family.
 */
export function createEntryPoint(options: EntryPointOptions): EntryPointHandler {
  const { config, transports, cors, logger, development } = options;
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

  async function call(
    ctx: Koa.Context,
    parts: readonly string[],
    requestId: string,
    state: { format: Format },
  ) {
    const headers = ctx.req.headers;
    // The family follows from the headers alone, so that the 405 and 404 are in it too.
    const negotiation = negotiate(headers['content-type'], headers.accept);
    state.format = negotiation.format;
    const method = ctx.method;
    if (method !== 'POST' && method !== 'OPTIONS') {
      ctx.set('Allow', 'POST, OPTIONS');
      throw new RemoteError('METHOD_NOT_ALLOWED', `${method} is not allowed: use POST`);
    }
    const [microservice = '', service = '', name = ''] = parts;
    const transport = transports.get(microservice);
    if (!transport || parts.length !== 3 || !service || !name) {
      throw new RemoteError('METHOD_NOT_FOUND', NOT_FOUND_MESSAGE);
    }
    if (method === 'OPTIONS') {
      if (cors) answerPreflight(ctx, cors);
      else ctx.status = 204;
      return;
    }
    if (!negotiation.ok) throw negotiation.error;
    const callHeaders = readCallHeaders(headers, negotiation.format, config);
    const body = await readBodyText(
      ctx.req,
      Math.min(config.maxBodyBytes, transport.maxBodyBytes ?? Infinity),
    );
    const args = splitArguments(body, callHeaders.apiId, negotiation.format);
    const envelope: CallEnvelope = {
      version: ENVELOPE_VERSION,
      microservice,
      service,
      method: name,
      apiId: callHeaders.apiId,
      sequenceName: callHeaders.sequenceName,
      args,
      context: withContextHeaders(
        {
          requestId,
          locale: callHeaders.locale,
          privilegeNames: callHeaders.privilegeNames,
          // Decided by the permission resolver, if there is one, within the deadline below.
          privileged: false,
        },
        callHeaders,
        ctx.req.socket.remoteAddress,
      ),
      deadline: Date.now() + config.callTimeoutMs,
    };
    const sending = resolver
      ? askResolverThenCall(transport, envelope, callHeaders, resolver)
      : transport.call(envelope);
    const reply = await callWithDeadline(sending);
    if (!reply.ok) {
      const { error } = reply;
      // A 4xx goes out as the microservice gave it, without building an Error and its stack.
      if (Number.isInteger(error.status) && error.status >= 400 && error.status < 500) {
        if (error.status === 413) ctx.set('Connection', 'close');
        sendError(ctx, error, requestId, negotiation.format);
        return;
      }
      throw new RemoteError(error.code, error.message, { status: error.status });
    }
    if (reply.body === null) {
      ctx.status = 204;
      return;
    }
    ctx.status = 200;
    ctx.set('Content-Type', CONTENT_TYPES[negotiation.format]);
    ctx.body = reply.body;
  }

  function splitArguments(body: string, apiId: CallHeaders['apiId'], format: Format): string[] {
    if (apiId === 'ROA') return [body];
    return format === 'json' ? splitJsonArray(body, limits) : splitXmlParamArray(body, limits);
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

  /** The reply, or the 504 reply once the call timeout passed, whatever the resolver or carrier do. */
  function callWithDeadline(sending: Promise<CallReply>): Promise<CallReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, config.callTimeoutMs, deadlineReply);
      sending.then(
        (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (isRemoteError(error)) return reject(error);
          logger.warn({ err: error }, 'a carrier failed');
          reject(
            new RemoteError('SERVICE_UNAVAILABLE', 'the microservice is not reachable', {
              cause: error,
            }),
          );
        },
      );
    });
  }

  return async function handleEntryPoint(ctx, parts) {
    const started = performance.now();
    const requestId = requestIdOf(ctx.req.headers);
    ctx.set('X-SVC-Request-ID', requestId);
    if (cors) applyCors(ctx, cors);
    const state = { format: 'json' as Format };
    try {
      await call(ctx, parts, requestId, state);
    } catch (error) {
      if (isRemoteError(error) && error.headers) ctx.set(error.headers);
      if (isRemoteError(error) && error.status === 413) ctx.set('Connection', 'close');
      sendError(ctx, toErrorBody(error, development), requestId, state.format);
    }
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          requestId,
          target: parts.join('/'),
          status: ctx.status,
          ms: Math.round((performance.now() - started) * 100) / 100,
        },
        'call',
      );
    }
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
