import { type ErrorBody } from '../errors';
import { type FramedReply } from './envelope';
import { keyTable, MsgpackCursor } from './msgpack-cursor';
import { isReplicaId } from './replica-id';

/*
 * A reply frame's common case read straight from the bytes, as `frame-read.ts` reads a call's:
 * anything else is `undefined`, for msgpackr and `frame-shape.ts` to read or refuse.
 */

const REPLY_KEYS = keyTable(['ok', 'body', 'error', 'replica']);
const ERROR_KEYS = keyTable(['status', 'code', 'message']);
// The replica id and the error code of the frame before, which the next frame likely repeats.
const REPLY_TEXTS: (string | undefined)[] = [];

/** The reply of a well-formed reply frame (its body from `start`), or `undefined`. */
export function readReplyFrame(bytes: Uint8Array, start: number): FramedReply | undefined {
  const c = new MsgpackCursor(bytes, start);
  let ok: boolean | undefined;
  let body: string | null | undefined;
  let error: ErrorBody | undefined;
  let replica: string | undefined;
  let key = -1;
  for (let left = c.mapHeader(); left > 0; left--) {
    key = c.key(REPLY_KEYS, key + 1);
    if (key === 0) ok = c.boolean();
    else if (key === 1) body = c.nil() ? null : c.string();
    else if (key === 2) error = readError(c);
    else if (key === 3) replica = c.string(REPLY_TEXTS, 0);
    const read = key === 0 ? ok : key === 1 ? body : key === 2 ? error : replica;
    if (key < 0 || read === undefined || (key === 3 && !isKnownReplica(replica as string))) {
      return undefined;
    }
  }
  if (!c.atEnd()) return undefined;
  if (ok === true) return body === undefined ? undefined : { ok, body, replica };
  if (ok === false && error !== undefined) return { ok, error, replica };
  return undefined;
}

const errorValue = (c: MsgpackCursor, key: number): unknown =>
  key === 0 ? c.number() : key === 1 ? c.string(REPLY_TEXTS, 1) : c.string();

function readError(c: MsgpackCursor): ErrorBody | undefined {
  const values = c.keyedValues(ERROR_KEYS, errorValue);
  if (values === undefined) return undefined;
  const [status, code, message] = values;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    return undefined;
  }
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return { status, code, message };
}

let lastReplica: string | undefined;

/** Whether `replica` keeps the rule of `isReplicaId`, asked once for the id of the frame before. */
function isKnownReplica(replica: string): boolean {
  if (replica === lastReplica) return true;
  if (!isReplicaId(replica)) return false;
  lastReplica = replica;
  return true;
}
