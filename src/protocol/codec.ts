import { Packr, Unpackr } from 'msgpackr';
import { CodecError } from './codec-error';
import {
  type CallEnvelope,
  type CallReply,
  ENVELOPE_VERSION,
  type FramedReply,
  OPTIONAL_CONTEXT_KEYS,
} from './envelope';
import { readEnvelope, readReply } from './frame-shape';

/**
 * Frames on the wire: one byte of envelope version, one byte of kind, then one MessagePack value.
 * The two leading bytes let a reader refuse a frame of another version before parsing anything.
 */
const HEADER_BYTES = 2;
const KIND_CALL = 0x01;
const KIND_REPLY = 0x02;

export { CodecError, type CodecErrorCode } from './codec-error';

/** The largest frame a decoder takes when the carrier names no smaller limit. */
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** Options of the decoders. */
export interface DecodeOptions {
  /** Frames longer than this are refused before parsing. Default {@link DEFAULT_MAX_FRAME_BYTES}. */
  readonly maxBytes?: number;
  /** The local clock, in epoch milliseconds, that turns the carried budget into a deadline. */
  readonly now?: number;
}

// Plain MessagePack maps only: no record extension, so any MessagePack reader can inspect a frame.
const packr = new Packr({ useRecords: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });

/**
 * Encodes a call. The deadline travels twice: as the budget left at `now` (milliseconds), which
 * the reader adds to its own clock when it reads the frame, and as the epoch time itself, which
 * caps that: a frame read late (queued behind a stalled replica) does not get its budget anew.
 * docs/faults.md states the clock assumption this makes.
 */
export function encodeEnvelope(envelope: CallEnvelope, now: number = Date.now()): Uint8Array {
  return encodeCall(envelope, now, envelope.takeBy);
}

/** Encodes a call that a replica must take by `takeBy` (epoch ms), whatever the envelope says. */
export function encodeCall(envelope: CallEnvelope, now: number, takeBy?: number): Uint8Array {
  const { context } = envelope;
  const texts: Record<string, unknown> = {
    requestId: context.requestId,
    locale: context.locale,
    privilegeNames: context.privilegeNames,
    privileged: context.privileged,
  };
  // Set, not spread: no object per call for the optional texts.
  for (const key of OPTIONAL_CONTEXT_KEYS) {
    const value = context[key];
    if (value !== undefined) texts[key] = value;
  }
  const call: Record<string, unknown> = {
    microservice: envelope.microservice,
    service: envelope.service,
    method: envelope.method,
    apiId: envelope.apiId,
    sequenceName: envelope.sequenceName,
    args: envelope.args,
    context: texts,
    budgetMs: Math.round(envelope.deadline - now),
    deadlineAt: Math.round(envelope.deadline),
  };
  // Set, not spread: no object per call for an optional field.
  if (takeBy !== undefined) call.takeBy = Math.round(takeBy);
  return frame(KIND_CALL, call);
}

/** Decodes a call frame; throws {@link CodecError} for anything but a well-formed call. */
export function decodeEnvelope(bytes: Uint8Array, options: DecodeOptions = {}): CallEnvelope {
  return readEnvelope(open(bytes, KIND_CALL, options), options.now ?? Date.now());
}

/**
 * Encodes a reply, with the id of the `replica` that sends it when one is given. The id is not
 * checked here: a replica checks its own once, at start (see `isReplicaId`), and a reader
 * refuses a frame whose id breaks the rule.
 */
export function encodeReply(reply: CallReply, replica?: string): Uint8Array {
  if (reply.ok) {
    const { body } = reply;
    return frame(
      KIND_REPLY,
      replica === undefined ? { ok: true, body } : { ok: true, body, replica },
    );
  }
  const { status, code, message } = reply.error;
  const error = { status, code, message };
  return frame(
    KIND_REPLY,
    replica === undefined ? { ok: false, error } : { ok: false, error, replica },
  );
}

/**
 * Decodes a reply frame, with the id of the replica that sent it when the frame names one; throws
 * {@link CodecError} for anything but a well-formed reply.
 */
export function decodeReply(bytes: Uint8Array, options: DecodeOptions = {}): FramedReply {
  return readReply(open(bytes, KIND_REPLY, options));
}

function frame(kind: number, value: unknown): Uint8Array {
  const body = packr.pack(value);
  // From Node's buffer pool, and wholly written below: `new Uint8Array` of a frame's size has V8
  // allocate, track and later free a backing store of its own for each frame.
  const bytes = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  bytes[0] = ENVELOPE_VERSION;
  bytes[1] = kind;
  bytes.set(body, HEADER_BYTES);
  return bytes;
}

function open(bytes: Uint8Array, kind: number, options: DecodeOptions): unknown {
  if (!(bytes instanceof Uint8Array)) throw new CodecError('MALFORMED_FRAME', 'a frame is bytes');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FRAME_BYTES;
  if (bytes.length > maxBytes) {
    throw new CodecError(
      'FRAME_TOO_LARGE',
      `the frame is ${bytes.length} bytes, more than the limit of ${maxBytes}`,
    );
  }
  if (bytes.length <= HEADER_BYTES) {
    throw new CodecError('MALFORMED_FRAME', `a frame of ${bytes.length} bytes is too short`);
  }
  if (bytes[0] !== ENVELOPE_VERSION) {
    throw new CodecError(
      'UNKNOWN_VERSION',
      `the frame has envelope version ${bytes[0]}; this side reads version ${ENVELOPE_VERSION}`,
    );
  }
  if (bytes[1] !== kind) {
    const wanted = kind === KIND_CALL ? 'call' : 'reply';
    throw new CodecError('MALFORMED_FRAME', `expected a ${wanted} frame, got kind ${bytes[1]}`);
  }
  try {
    return unpackr.unpack(bytes.subarray(HEADER_BYTES));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CodecError('MALFORMED_FRAME', `the frame is not valid MessagePack: ${reason}`, error);
  }
}
