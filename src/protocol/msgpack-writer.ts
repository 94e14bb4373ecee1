import { Packr } from 'msgpackr';

// Plain MessagePack maps only: no record extension, so any MessagePack reader can inspect a frame.
const packr = new Packr({ useRecords: false, variableMapSize: true });

/** The room a writer keeps between frames. */
const KEPT_BYTES = 64 * 1024;

/**
 * Writes a frame into a buffer it reuses, byte for byte as msgpackr (`packr` above) writes the
 * same value: the same shortest headers, the same integer widths, doubles elsewhere. Values of a
 * type that frames do not hold go to msgpackr itself. `frame-write.ts` writes the frames with it.
 */
export class MsgpackWriter {
  private bytes = Buffer.allocUnsafeSlow(KEPT_BYTES);
  private pos = 0;

  /** Starts a frame with its two header bytes. */
  begin(version: number, kind: number): void {
    this.pos = 0;
    this.room(2);
    this.bytes[0] = version;
    this.bytes[1] = kind;
    this.pos = 2;
  }

  /** A copy of the frame written since {@link begin}, in a buffer of its own. */
  end(): Buffer {
    // From Node's buffer pool: `new Uint8Array` of a frame's size has V8 allocate, track and
    // later free a backing store of its own for each frame.
    const frame = Buffer.allocUnsafe(this.pos);
    this.bytes.copy(frame, 0, 0, this.pos);
    // A large frame's room is not kept for the frames after it.
    if (this.bytes.length > KEPT_BYTES) this.bytes = Buffer.allocUnsafeSlow(KEPT_BYTES);
    return frame;
  }

  /** The header of a map of `count` entries. */
  map(count: number): void {
    this.room(1);
    this.bytes[this.pos++] = 0x80 | count;
  }

  /** A key: a short ASCII name, as a fixstr. */
  key(name: string): void {
    this.room(name.length + 1);
    const { bytes } = this;
    bytes[this.pos++] = 0xa0 | name.length;
    for (let i = 0; i < name.length; i++) bytes[this.pos++] = name.charCodeAt(i);
  }

  /** Any value: a string, an array of strings or an integer here, anything else by msgpackr. */
  value(value: unknown): void {
    if (typeof value === 'string') this.string(value);
    else if (typeof value === 'number') this.number(value);
    else if (typeof value === 'boolean') this.byte(value ? 0xc3 : 0xc2);
    else if (value === null) this.byte(0xc0);
    else if (Array.isArray(value) && value.length < 16) {
      this.byte(0x90 | value.length);
      for (const item of value) this.value(item);
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
    const { bytes } = this;
    if (value >>> 0 === value) {
      if (value < 0x80) bytes[this.pos++] = value;
      else if (value < 0x100) {
        bytes[this.pos++] = 0xcc;
        bytes[this.pos++] = value;
      } else if (value < 0x10000) {
        bytes[this.pos++] = 0xcd;
        this.pos = bytes.writeUInt16BE(value, this.pos);
      } else {
        bytes[this.pos++] = 0xce;
        this.pos = bytes.writeUInt32BE(value, this.pos);
      }
    } else if (value >> 0 === value) {
      if (value >= -0x20) bytes[this.pos++] = 0x100 + value;
      else if (value >= -0x80) {
        bytes[this.pos++] = 0xd0;
        bytes[this.pos++] = value + 0x100;
      } else if (value >= -0x8000) {
        bytes[this.pos++] = 0xd1;
        this.pos = bytes.writeInt16BE(value, this.pos);
      } else {
        bytes[this.pos++] = 0xd2;
        this.pos = bytes.writeInt32BE(value, this.pos);
      }
    } else {
      bytes[this.pos++] = 0xcb;
      this.pos = bytes.writeDoubleBE(value, this.pos);
    }
  }

  /** Writes `text` as a fixstr or str 8 when it is ASCII; false (and nothing kept) when not. */
  private ascii(text: string): boolean {
    const length = text.length;
    const header = length < 0x20 ? 1 : 2;
    this.room(length + header);
    const { bytes } = this;
    const at = this.pos + header;
    for (let i = 0; i < length; i++) {
      const unit = text.charCodeAt(i);
      if (unit >= 0x80) return false;
      bytes[at + i] = unit;
    }
    if (header === 1) bytes[this.pos] = 0xa0 | length;
    else {
      bytes[this.pos] = 0xd9;
      bytes[this.pos + 1] = length;
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

  private room(more: number): void {
    if (this.pos + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(2 * this.bytes.length, this.pos + more));
    this.bytes.copy(grown, 0, 0, this.pos);
    this.bytes = grown;
  }
}
