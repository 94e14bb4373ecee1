import {
  type CallContext,
  type CallEnvelope,
  ENVELOPE_VERSION,
  OPTIONAL_CONTEXT_KEYS,
} from './envelope';
import { keyTable, MsgpackCursor } from './msgpack-cursor';

/*
 * The frames' common case read straight from the bytes: msgpackr turns every map key into a
 * property name and every map into an object of its own shape, which is most of what reading a
 * frame costs (docs/history/performance-log.md, "Where the hop's instructions go"). These readers
 * take only a well-formed frame and answer `undefined` for anything else, which the codec then
 * hands to msgpackr and `frame-shape.ts`: what they accept, refuse and say stays theirs.
 */

const CALL_KEYS = keyTable([
  'microservice',
  'service',
  'method',
  'apiId',
  'sequenceName',
  'args',
  'context',
  'budgetMs',
  'deadlineAt',
  'takeBy',
]);
const CONTEXT_KEYS = keyTable([
  'requestId',
  'locale',
  'privilegeNames',
  'privileged',
  ...OPTIONAL_CONTEXT_KEYS,
]);
const REQUIRED_CONTEXT_KEYS = 4;

// The strings of the last frame read, by key, that the next frame's are likely to repeat: names of
// the microservice, service and method, locale, addresses, privileges.
const CALL_TEXTS: (string | undefined)[] = [];
const CONTEXT_TEXTS: (string | undefined)[] = [];
const PRIVILEGE_NAMES: (string | undefined)[] = [];

type OptionalKey = (typeof OPTIONAL_CONTEXT_KEYS)[number];
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The call of a well-formed call frame (its body from `start`), or `undefined`. */
export function readCallFrame(
  bytes: Uint8Array,
  start: number,
  now: number,
): CallEnvelope | undefined {
  const c = new MsgpackCursor(bytes, start);
  // Made with its five slots: an empty array grows as they are set, per frame.
  const texts: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined];
  let args: string[] | undefined;
  let context: CallContext | undefined;
  let budgetMs: number | undefined;
  let deadlineAt: number | undefined;
  let takeBy: number | undefined;
  let key = -1;
  for (let left = c.mapHeader(); left > 0; left--) {
    key = c.key(CALL_KEYS, key + 1);
    if (key < 0) return undefined;
    if (key < 5) {
      const text = c.string(CALL_TEXTS, key);
      if (text === undefined) return undefined;
      texts[key] = text;
    } else if (key === 5) {
      args = strings(c, undefined);
      if (args === undefined) return undefined;
    } else if (key === 6) {
      context = readContext(c);
      if (context === undefined) return undefined;
    } else {
      const value = c.number();
      if (value === undefined || !Number.isSafeInteger(value)) return undefined;
      if (key === 7) budgetMs = value;
      else if (key === 8) deadlineAt = value;
      else takeBy = value;
    }
  }
  const [microservice, service, method, apiId, sequenceName] = texts;
  if (!c.atEnd() || microservice === undefined || service === undefined || method === undefined) {
    return undefined;
  }
  if ((apiId !== 'ROA' && apiId !== 'RMC') || sequenceName === undefined) return undefined;
  if (args === undefined || context === undefined || budgetMs === undefined) return undefined;
  const deadline = Math.min(now + budgetMs, deadlineAt ?? Number.POSITIVE_INFINITY);
  const envelope: Mutable<CallEnvelope> = {
    version: ENVELOPE_VERSION,
    microservice,
    service,
    method,
    apiId,
    sequenceName,
    args,
    context,
    deadline,
  };
  if (takeBy !== undefined) envelope.takeBy = takeBy;
  return envelope;
}

function contextValue(c: MsgpackCursor, key: number): unknown {
  if (key === 0) return c.string();
  if (key === 2) return strings(c, PRIVILEGE_NAMES);
  return key === 3 ? c.boolean() : c.string(CONTEXT_TEXTS, key);
}

function readContext(c: MsgpackCursor): CallContext | undefined {
  const values = c.keyedValues(CONTEXT_KEYS, contextValue);
  if (values === undefined) return undefined;
  const [requestId, locale, privilegeNames, privileged] = values;
  if (requestId === undefined || locale === undefined) return undefined;
  if (privilegeNames === undefined || privileged === undefined) return undefined;
  const context = { requestId, locale, privilegeNames, privileged } as Mutable<CallContext>;
  for (let k = 0; k < OPTIONAL_CONTEXT_KEYS.length; k++) {
    const value = values[REQUIRED_CONTEXT_KEYS + k];
    if (value !== undefined) context[OPTIONAL_CONTEXT_KEYS[k] as OptionalKey] = value as string;
  }
  return context;
}

/** An array of strings, each kept in `cache` for the next frame when one is given. */
function strings(
  c: MsgpackCursor,
  cache: (string | undefined)[] | undefined,
): string[] | undefined {
  const count = c.arrayHeader();
  if (count < 0 || count > c.bytes.length - c.pos) return undefined;
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = c.string(cache, i);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}
