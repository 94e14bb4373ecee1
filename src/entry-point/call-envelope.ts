import { type Exchange } from '../http/responses';
import { type CallObservation } from '../observability/call-observer';
import { type CallContext, type CallEnvelope, ENVELOPE_VERSION } from '../protocol/envelope';
import { type EntryPointConfig } from './config';
import { type ClaimedHeaders } from './dispatch';
import { type CallHeaders } from './read-call-headers';
import { splitJsonArray, splitXmlParamArray } from './rmc-splitter';

/** One call as the entry point read it: what its envelope is built from, and whom to answer. */
export interface CallRequest extends Exchange {
  /** The path segments: microservice, service, method. */
  readonly parts: readonly string[];
  readonly headers: CallHeaders;
  readonly body: string;
  readonly observation: CallObservation | undefined;
}

type ContextDraft = { -readonly [K in keyof CallContext]: CallContext[K] };

/**
 * The envelope of a call: its target, its argument texts (the body is split, never parsed) and
 * its context, with the deadline that the call timeout sets from now.
 */
export function callEnvelope(request: CallRequest, config: EntryPointConfig): CallEnvelope {
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
    args: splitArguments(request, config),
    context,
    deadline: Date.now() + config.callTimeoutMs,
  };
}

/** The argument texts: the whole body for ROA, the elements of its array for RMC. */
function splitArguments(
  { body, headers, format }: CallRequest,
  config: EntryPointConfig,
): string[] {
  if (headers.apiId === 'ROA') return [body];
  return format === 'json' ? splitJsonArray(body, config) : splitXmlParamArray(body, config);
}

/** The context headers that were given, as fields (assigned one by one: spreads cost per call). */
export function claimedHeaders(
  h: Pick<CallHeaders, keyof ClaimedHeaders>,
  into: Partial<ContextDraft> = {},
): ClaimedHeaders {
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
