import { decodeUtf8, float64, isAsciiOf, isKey } from './frame-bytes';
import { MsgpackHeaders } from './msgpack-headers';

/**
 * A forward-only reader of the few MessagePack values that frames hold, for the frame readers of
 * `frame-read.ts`, over the types and counts that {@link MsgpackHeaders} reads. Each read returns
 * `undefined` (or -1) on anything it does not take: a type it does not know, a value it would
 * decode otherwise than msgpackr, or bytes that run out. The caller then hands the whole frame to
 * msgpackr, whose answer (a value or an error) stands.
 */
export class MsgpackCursor extends MsgpackHeaders {
  /**
   * The values of the map that starts here, each at the index of its key in `keys` (in that order,
   * none twice), read by `read`; undefined when a key or a value is not taken.
   */
  keyedValues(
    keys: readonly Uint8Array[],
    read: (c: MsgpackCursor, key: number) => unknown,
  ): unknown[] | undefined {
    const values = new Array<unknown>(keys.length);
    let key = -1;
    for (let left = this.mapHeader(); left > 0; left--) {
      key = this.key(keys, key + 1);
      if (key < 0) return undefined;
      values[key] = read(this, key);
      if (values[key] === undefined) return undefined;
    }
    return values;
  }

  /**
   * A string, or `undefined`. With a `cache`, the string last read into `slot` is given again
   * when the bytes are its own, ASCII: the names of a call repeat from frame to frame, and a
   * string that is not made again costs nothing to collect either.
   */
  string(cache?: (string | undefined)[], slot = 0): string | undefined {
    const length = this.stringHeader();
    const { bytes } = this;
    if (length < 0 || this.pos + length > bytes.length) return undefined;
    const start = this.pos;
    this.pos += length;
    if (cache === undefined) return decodeUtf8(bytes, start, this.pos);
    const last = cache[slot];
    if (last !== undefined && last.length === length && isAsciiOf(last, bytes, start)) return last;
    const text = decodeUtf8(bytes, start, this.pos);
    if (length <= MAX_CACHED) cache[slot] = text;
    return text;
  }

  /** The index in `keys` (UTF-8 bytes) of the string that starts here, or -1; `keys[hint]` first. */
  key(keys: readonly Uint8Array[], hint: number): number {
    const length = this.stringHeader();
    const { bytes, pos } = this;
    if (length < 0 || pos + length > bytes.length) return -1;
    this.pos += length;
    const likely = keys[hint];
    if (likely !== undefined && isKey(likely, bytes, pos, length)) return hint;
    for (let k = 0; k < keys.length; k++) {
      if (isKey(keys[k] as Uint8Array, bytes, pos, length)) return k;
    }
    return -1;
  }

  /** An integer or a double, as msgpackr reads it; `undefined` for any other type. */
  number(): number | undefined {
    const { bytes, pos } = this;
    const type = this.peek();
    if (type < 0x80 || type >= 0xe0) {
      this.pos++;
      return type < 0x80 ? type : type - 0x100;
    }
    const size = NUMBER_SIZES[type - 0xcb];
    if (size === undefined || pos + size >= bytes.length) return undefined;
    this.pos += size + 1;
    if (type === 0xcb) return float64(bytes, pos + 1);
    let value = 0;
    for (let i = 1; i <= size; i++) value = value * 256 + (bytes[pos + i] as number);
    // 0xd0 to 0xd2 are signed: subtract 2^bits when the top bit is set.
    return type >= 0xd0 && (bytes[pos + 1] as number) >= 0x80 ? value - 2 ** (8 * size) : value;
  }

  /** True, false, or `undefined`. */
  boolean(): boolean | undefined {
    const type = this.peek();
    this.pos++;
    return type === 0xc3 ? true : type === 0xc2 ? false : undefined;
  }
}

/**
 * The sizes of 0xcb (float 64) and of 0xcc to 0xd2 (uint 8/16/32, then int 8/16/32 at 0xd0);
 * uint 64, int 64 and float 32 (0xcf, 0xd3, 0xca) are left to msgpackr, which rounds float 32.
 */
const NUMBER_SIZES: readonly (number | undefined)[] = [8, 1, 2, 4, undefined, 1, 2, 4];

/** The longest string that {@link MsgpackCursor.string} keeps for the next frame. */
const MAX_CACHED = 64;

const encoder = new TextEncoder();

/** The UTF-8 bytes of each key of a frame's map, in the order the writers put them. */
export function keyTable(keys: readonly string[]): readonly Uint8Array[] {
  return keys.map((key) => encoder.encode(key));
}
