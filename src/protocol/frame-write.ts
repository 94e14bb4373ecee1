import {
  type CallContext,
  type CallEnvelope,
  type CallReply,
  OPTIONAL_CONTEXT_KEYS,
} from './envelope';
import { MsgpackWriter } from './msgpack-writer';

/*
 * The frames written field by field, keys named in the code: msgpackr, given an object, lists its
 * keys and encodes each name as any string, per frame (docs/performance.md, "Where the hop's
 * instructions go"). The bytes are those msgpackr writes for the same object, key order included,
 * so a reader of any build reads them as before.
 */

const writer = new MsgpackWriter();

/** The call frame of `envelope`: its budget left at `now`, its epoch deadline, and `takeBy`. */
export function writeCallFrame(
  header: readonly [number, number],
  envelope: CallEnvelope,
  now: number,
  takeBy: number | undefined,
): Buffer {
  const w = writer;
  w.begin(header[0], header[1]);
  w.map(takeBy === undefined ? 9 : 10);
  field(w, 'microservice', envelope.microservice);
  field(w, 'service', envelope.service);
  field(w, 'method', envelope.method);
  field(w, 'apiId', envelope.apiId);
  field(w, 'sequenceName', envelope.sequenceName);
  field(w, 'args', envelope.args);
  w.key('context');
  writeContext(w, envelope.context);
  field(w, 'budgetMs', Math.round(envelope.deadline - now));
  field(w, 'deadlineAt', Math.round(envelope.deadline));
  if (takeBy !== undefined) field(w, 'takeBy', Math.round(takeBy));
  return w.end();
}

function writeContext(w: MsgpackWriter, context: CallContext): void {
  const optional = optionalTexts(context);
  let count = 4;
  for (const value of optional) if (value !== undefined) count++;
  w.map(count);
  field(w, 'requestId', context.requestId);
  field(w, 'locale', context.locale);
  field(w, 'privilegeNames', context.privilegeNames);
  field(w, 'privileged', context.privileged);
  for (let k = 0; k < OPTIONAL_CONTEXT_KEYS.length; k++) {
    const value = optional[k];
    if (value !== undefined) field(w, OPTIONAL_CONTEXT_KEYS[k] as string, value);
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
  field(w, 'ok', Boolean(reply.ok));
  if (reply.ok) field(w, 'body', reply.body);
  else {
    const { status, code, message } = reply.error;
    w.key('error');
    w.map(3);
    field(w, 'status', status);
    field(w, 'code', code);
    field(w, 'message', message);
  }
  if (replica !== undefined) field(w, 'replica', replica);
  return w.end();
}

function field(w: MsgpackWriter, key: string, value: unknown): void {
  w.key(key);
  w.value(value);
}
