import { Buffer } from 'node:buffer';
import {
  type CallContext,
  type CallEnvelope,
  type CallReply,
  OPTIONAL_CONTEXT_KEYS,
} from './envelope';
import { MsgpackWriter } from './msgpack-writer';

/*
 * The frames written field by field, keys named in the code: msgpackr, given an object, lists its
 * keys and encodes each name as any string, per frame (docs/history/performance-log.md, "Where
 * the hop's instructions go"). The bytes are those msgpackr writes for the same object, key order
 * included, so a reader of any build reads them as before.
 */

const writer = new MsgpackWriter();

const NAMES = [
  ...['microservice', 'service', 'method', 'apiId', 'sequenceName', 'args', 'context'],
  ...['budgetMs', 'deadlineAt', 'takeBy', 'requestId', 'locale', 'privilegeNames', 'privileged'],
  ...['ok', 'body', 'error', 'status', 'code', 'message', 'replica'],
] as const;
/** Each key's bytes, written once: a key's characters are not looked at per frame. */
const K = Object.fromEntries(NAMES.map((name) => [name, keyBytes(name)])) as Record<
  (typeof NAMES)[number],
  Uint8Array
>;
const OPTIONAL_KEYS = OPTIONAL_CONTEXT_KEYS.map(keyBytes);

/** A key's bytes, for {@link MsgpackWriter.raw}: a short ASCII name, as a fixstr. */
function keyBytes(name: string): Uint8Array {
  return Uint8Array.from([0xa0 | name.length, ...Buffer.from(name, 'latin1')]);
}

/** The call frame of `envelope`: its budget left at `now`, its epoch deadline, and `takeBy`. */
export function writeCallFrame(
  header: readonly [number, number],
  envelope: CallEnvelope,
  now: number,
  takeBy: number | undefined,
): Buffer {
  const w = writer;
  w.begin(header[0], header[1]);
  writeHead(w, envelope, takeBy !== undefined);
  w.value(envelope.args);
  w.raw(K.context);
  writeContext(w, envelope.context);
  field(w, K.budgetMs, Math.round(envelope.deadline - now));
  field(w, K.deadlineAt, Math.round(envelope.deadline));
  if (takeBy !== undefined) field(w, K.takeBy, Math.round(takeBy));
  return w.end();
}

/** The names of the call before, and the bytes from its map header to its `args` key. */
let head: (CallNames & { readonly takes: boolean; readonly bytes: Uint8Array }) | undefined;

type CallNames = Pick<
  CallEnvelope,
  'microservice' | 'service' | 'method' | 'apiId' | 'sequenceName'
>;

/**
 * The frame's map header and its fields up to the `args` key: the names of a call repeat from
 * call to call, and when they are those of the call before, its bytes are copied whole.
 */
function writeHead(w: MsgpackWriter, e: CallEnvelope, takes: boolean): void {
  const last = head;
  if (
    last?.takes === takes &&
    last.microservice === e.microservice &&
    last.service === e.service &&
    last.method === e.method &&
    last.apiId === e.apiId &&
    last.sequenceName === e.sequenceName
  ) {
    w.raw(last.bytes);
    return;
  }
  const from = w.mark();
  w.map(takes ? 10 : 9);
  field(w, K.microservice, e.microservice);
  field(w, K.service, e.service);
  field(w, K.method, e.method);
  field(w, K.apiId, e.apiId);
  field(w, K.sequenceName, e.sequenceName);
  w.raw(K.args);
  const { microservice, service, method, apiId, sequenceName } = e;
  head = { microservice, service, method, apiId, sequenceName, takes, bytes: w.since(from) };
}

function writeContext(w: MsgpackWriter, context: CallContext): void {
  const optional = optionalTexts(context);
  let count = 4;
  for (const value of optional) if (value !== undefined) count++;
  w.map(count);
  field(w, K.requestId, context.requestId);
  field(w, K.locale, context.locale);
  field(w, K.privilegeNames, context.privilegeNames);
  field(w, K.privileged, context.privileged);
  for (let k = 0; k < OPTIONAL_KEYS.length; k++) {
    const value = optional[k];
    if (value !== undefined) field(w, OPTIONAL_KEYS[k] as Uint8Array, value);
  }
}

/**
 * The optional texts of `context`, in the order of `OPTIONAL_CONTEXT_KEYS` (test/nats/codec-compat
 * checks each): read by name, as a loop over the keys reads them, the loads go megamorphic.
 */
function optionalTexts(c: CallContext): readonly (string | undefined)[] {
  return [
    c.sessionId,
    c.user,
    c.clientApplicationName,
    c.ip,
    c.peerAddress,
    c.traceparent,
    c.tracestate,
  ];
}

/** The reply frame of `reply`, with the id of the `replica` that sends it when one is given. */
export function writeReplyFrame(
  header: readonly [number, number],
  reply: CallReply,
  replica: string | undefined,
): Buffer {
  const w = writer;
  w.begin(header[0], header[1]);
  w.map(replica === undefined ? 2 : 3);
  field(w, K.ok, Boolean(reply.ok));
  if (reply.ok) field(w, K.body, reply.body);
  else {
    const { status, code, message } = reply.error;
    w.raw(K.error);
    w.map(3);
    field(w, K.status, status);
    field(w, K.code, code);
    field(w, K.message, message);
  }
  if (replica !== undefined) field(w, K.replica, replica);
  return w.end();
}

function field(w: MsgpackWriter, key: Uint8Array, value: unknown): void {
  w.raw(key);
  w.value(value);
}
