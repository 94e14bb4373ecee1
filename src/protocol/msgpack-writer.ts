import { Packr } from 'msgpackr';
import { writeNumber } from './msgpack-number';

// Plain MessagePack maps only: no record extension, so any MessagePack reader can inspect a frame.
const packr = new Packr({ useRecords: false, variableMapSize: true });

/** The size of the chunks that frames are written into, one after the other. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Writes frames, byte for byte as msgpackr (`packr` above) writes the same value: the same
 * shortest headers, the same integer widths, doubles elsewhere. Values of a type that frames do
 * not hold go to msgpackr itself. `frame-write.ts` writes the frames with it.
 *
 * Frames are written one after the other into a chunk, as Node's buffer pool hands out small
 * buffers, and each is a view of its bytes there: no copy, and no backing store per frame for V8
 * to track and free. A chunk is never written again, and is freed with the last frame in it.
 * Each write keeps the position in a local while it loops (docs/performance.md, "Where the hop's
 * instructions go").
 */
export class MsgpackWriter {
  private bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private start = 0;
  private pos = 0;

  /** Starts a frame with its two header bytes. */
  begin(version: number, kind: number): void {
    this.start = this.pos;
    this.room(2);
    const pos = this.pos;
    this.bytes[pos] = version;
    this.bytes[pos + 1] = kind;
    this.pos = pos + 2;
  }

  /** The frame written since {@link begin}: a view of its bytes, which no later frame touches. */
  end(): Buffer {
    const { bytes, start } = this;
    const frame = Buffer.from(bytes.buffer, bytes.byteOffset + start, this.pos - start);
    // A chunk grown for a large frame is not kept for the frames after it.
    if (bytes.length > CHUNK_BYTES) this.fresh();
    return frame;
  }

  /** The header of a map of `count` entries (at most 15). */
  map(count: number): void {
    this.byte(0x80 | count);
  }

  /** Bytes as they are: a key written once, or what {@link since} copied. */
  raw(encoded: Uint8Array): void {
    const length = encoded.length;
    this.room(length);
    const { bytes, pos } = this;
    // A short run costs less copied here than by a call into the runtime.
    if (length > 16) bytes.set(encoded, pos);
    else for (let i = 0; i < length; i++) bytes[pos + i] = encoded[i] as number;
    this.pos = pos + length;
  }

  /** Where the next byte of this frame goes, from its start: what {@link since} copies from. */
  mark(): number {
    return this.pos - this.start;
  }

  /** A copy of the bytes written since `from` (a {@link mark} of this frame), to write again. */
  since(from: number): Uint8Array {
    return Uint8Array.prototype.slice.call(this.bytes, this.start + from, this.pos);
  }

  /** Any value: a string, an array of strings or an integer here, anything else by msgpackr. */
  value(value: unknown): void {
    if (typeof value === 'string') this.string(value);
    else if (typeof value === 'number') this.number(value);
    else if (typeof value === 'boolean') this.byte(value ? 0xc3 : 0xc2);
    else if (value === null) this.byte(0xc0);
    else if (Array.isArray(value) && value.length < 16) {
      this.byte(0x90 | value.length);
      for (let i = 0; i < value.length; i++) this.value(value[i]);
    } else this.packed(packr.pack(value));
  }

  /** A string, with the shortest header its UTF-8 length takes. */
  string(text: string): void {
    const length = text.length;
    if (length < 0x100 && this.ascii(text)) return;
    if (length < 0x40) {
      this.packed(packr.pack(text));
      return;
    }
    // What msgpackr does from 64 characters on (its `utf8Write`), so the bytes are the same.
    const size = Buffer.byteLength(text);
    this.room(size + 5);
    const { bytes } = this;
    if (size < 0x100) {
      bytes[this.pos++] = 0xd9;
      bytes[this.pos++] = size;
    } else if (size < 0x10000) {
      bytes[this.pos++] = 0xda;
      this.pos = bytes.writeUInt16BE(size, this.pos);
    } else {
      bytes[this.pos++] = 0xdb;
      this.pos = bytes.writeUInt32BE(size, this.pos);
    }
    this.pos += bytes.write(text, this.pos, 'utf8');
  }

  /** A number, in the width msgpackr gives it (an integer of 32 bits or less, else a double). */
  number(value: number): void {
    this.room(9);
    this.pos = writeNumber(this.bytes, this.pos, value);
  }

  /** Writes `text` as a fixstr or str 8 when it is ASCII; false (and nothing kept) when not. */
  private ascii(text: string): boolean {
    const length = text.length;
    const header = length < 0x20 ? 1 : 2;
    this.room(length + header);
    const { bytes } = this;
    const pos = this.pos;
    const at = pos + header;
    for (let i = 0; i < length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x80) return false;
      bytes[at + i] = unit;
    }
    if (header === 1) bytes[pos] = 0xa0 | length;
    else {
      bytes[pos] = 0xd9;
      bytes[pos + 1] = length;
    }
    this.pos = at + length;
    return true;
  }

  private byte(value: number): void {
    this.room(1);
    this.bytes[this.pos++] = value;
  }

  private packed(encoded: Uint8Array): void {
    this.room(encoded.length);
    this.bytes.set(encoded, this.pos);
    this.pos += encoded.length;
  }

  /** Makes room for `more` bytes: a frame that outgrows its chunk moves to a new one. */
  private room(more: number): void {
    if (this.pos + more <= this.bytes.length) return;
    const { bytes, start } = this;
    const written = this.pos - start;
    this.bytes = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, 2 * (written + more)));
    bytes.copy(this.bytes, 0, start, this.pos);
    this.start = 0;
    this.pos = written;
  }

  private fresh(): void {
    this.bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.start = 0;
    this.pos = 0;
  }
}
