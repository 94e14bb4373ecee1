import { Unpackr } from 'msgpackr';
import { CodecError } from './codec-error';
import { type CallEnvelope, type CallReply, ENVELOPE_VERSION, type FramedReply } from './envelope';
import { readCallFrame } from './frame-read';
import { readEnvelope, readReply } from './frame-shape';
import { writeCallFrame, writeReplyFrame } from './frame-write';
import { readReplyFrame } from './reply-frame-read';

/**
 * Frames on the wire: one byte of envelope version, one byte of kind, then one MessagePack value.
 * The two leading bytes let a reader refuse a frame of another version before parsing anything.
 */
const HEADER_BYTES = 2;
const KIND_CALL = 0x01;
const KIND_REPLY = 0x02;
const CALL_HEADER = [ENVELOPE_VERSION, KIND_CALL] as const;
const REPLY_HEADER = [ENVELOPE_VERSION, KIND_REPLY] as const;

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

// Plain MessagePack maps only (docs/design.md): no record extension, as `msgpack-writer.ts` writes.
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
  return writeCallFrame(CALL_HEADER, envelope, now, takeBy);
}

/** Decodes a call frame; throws {@link CodecError} for anything but a well-formed call. */
export function decodeEnvelope(bytes: Uint8Array, options: DecodeOptions = {}): CallEnvelope {
  check(bytes, KIND_CALL, options);
  const now = options.now ?? Date.now();
  return readCallFrame(bytes, HEADER_BYTES, now) ?? readEnvelope(unpack(bytes), now);
}

/**
 * Encodes a reply, with the id of the `replica` that sends it when one is given. The id is not
 * checked here: a replica checks its own once, at start (see `isReplicaId`), and a reader
 * refuses a frame whose id breaks the rule.
 */
export function encodeReply(reply: CallReply, replica?: string): Uint8Array {
  return writeReplyFrame(REPLY_HEADER, reply, replica);
}

/**
 * Decodes a reply frame, with the id of the replica that sent it when the frame names one; throws
 * {@link CodecError} for anything but a well-formed reply.
 */
export function decodeReply(bytes: Uint8Array, options: DecodeOptions = {}): FramedReply {
  check(bytes, KIND_REPLY, options);
  return readReplyFrame(bytes, HEADER_BYTES) ?? readReply(unpack(bytes));
}

function check(bytes: Uint8Array, kind: number, options: DecodeOptions): void {
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
}

/** The value of a frame that the readers of `frame-read.ts` left: any MessagePack, by msgpackr. */
function unpack(bytes: Uint8Array): unknown {
  try {
    return unpackr.unpack(bytes.subarray(HEADER_BYTES));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CodecError('MALFORMED_FRAME', `the frame is not valid MessagePack: ${reason}`, error);
  }
}
