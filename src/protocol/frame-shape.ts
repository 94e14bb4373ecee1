import { CodecError } from './codec-error';
import {
  type ApiId,
  type CallContext,
  type CallEnvelope,
  ENVELOPE_VERSION,
  type FramedReply,
  OPTIONAL_CONTEXT_KEYS,
} from './envelope';
import { isReplicaId, REPLICA_ID_RULE } from './replica-id';

type Fields = Readonly<Record<string, unknown>>;

/**
 * Builds a call envelope from a decoded call frame; `now` turns the budget into a deadline, which
 * the frame's epoch deadline caps (a frame of an earlier release has none).
 */
export function readEnvelope(value: unknown, now: number): CallEnvelope {
  const call = fields(value, 'the call');
  const context = fields(own(call, 'context'), 'context');
  const apiId = text(call, 'apiId');
  if (apiId !== 'ROA' && apiId !== 'RMC') throw shape(`apiId must be ROA or RMC, got ${apiId}`);
  const budgetMs = own(call, 'budgetMs');
  if (typeof budgetMs !== 'number' || !Number.isSafeInteger(budgetMs)) {
    throw shape('budgetMs must be an integer');
  }
  const deadlineAt = epoch(call, 'deadlineAt') ?? Number.POSITIVE_INFINITY;
  const takeBy = epoch(call, 'takeBy');
  const envelope: Mutable<CallEnvelope> = {
    version: ENVELOPE_VERSION,
    microservice: text(call, 'microservice'),
    service: text(call, 'service'),
    method: text(call, 'method'),
    apiId: apiId as ApiId,
    sequenceName: text(call, 'sequenceName'),
    args: texts(call, 'args'),
    context: optionalTexts(context, {
      requestId: text(context, 'requestId'),
      locale: text(context, 'locale'),
      privilegeNames: texts(context, 'privilegeNames'),
      privileged: flag(context, 'privileged'),
    }),
    deadline: Math.min(now + budgetMs, deadlineAt),
  };
  // Set, not spread: no second envelope per call.
  if (takeBy !== undefined) envelope.takeBy = takeBy;
  return envelope;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An optional epoch time in milliseconds. */
function epoch(call: Fields, key: string): number | undefined {
  const value = own(call, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw shape(`${key} must be an integer`);
  }
  return value;
}

/**
 * Builds a reply from a decoded reply frame. The replica's id is optional (replicas of earlier
 * releases send none; it is then `undefined`), but when present it must keep the rule of
 * `isReplicaId`.
 */
export function readReply(value: unknown): FramedReply {
  const reply = fields(value, 'the reply');
  const replica = replicaOf(reply);
  if (flag(reply, 'ok')) {
    const body = own(reply, 'body');
    if (body !== null && typeof body !== 'string') throw shape('body must be a string or nil');
    return { ok: true, body, replica };
  }
  const error = fields(own(reply, 'error'), 'error');
  const status = own(error, 'status');
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    throw shape('error.status must be an integer from 400 to 599');
  }
  return {
    ok: false,
    error: { status, code: text(error, 'code'), message: text(error, 'message') },
    replica,
  };
}

function replicaOf(reply: Fields): string | undefined {
  const replica = own(reply, 'replica');
  if (replica === undefined) return undefined;
  if (typeof replica !== 'string' || !isReplicaId(replica)) {
    throw shape(`replica must be ${REPLICA_ID_RULE}`);
  }
  return replica;
}

function shape(message: string): CodecError {
  return new CodecError('MALFORMED_FRAME', `malformed frame: ${message}`);
}

function fields(value: unknown, what: string): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw shape(`${what} must be a map`);
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw shape(`${what} must be a plain map`);
  return value as Fields;
}

function own(map: Fields, key: string): unknown {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

function text(map: Fields, key: string): string {
  const value = own(map, key);
  if (typeof value !== 'string') throw shape(`${key} must be a string`);
  return value;
}

function texts(map: Fields, key: string): string[] {
  const value = own(map, key);
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw shape(`${key} must be an array of strings`);
  }
  return value as string[];
}

function flag(map: Fields, key: string): boolean {
  const value = own(map, key);
  if (typeof value !== 'boolean') throw shape(`${key} must be a boolean`);
  return value;
}

/** Adds to `found` the optional texts of `context`, checked, and returns it. */
function optionalTexts(context: Fields, found: Mutable<CallContext>): CallContext {
  for (const key of OPTIONAL_CONTEXT_KEYS) {
    const value = own(context, key);
    if (value === undefined) continue;
    if (typeof value !== 'string') throw shape(`context.${key} must be a string`);
    found[key] = value;
  }
  return found;
}
