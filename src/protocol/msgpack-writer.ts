import { Buffer } from 'node:buffer';
import { Packr } from 'msgpackr';
import { ChunkWriter } from './chunk-writer';
import { writeNumber } from './msgpack-number';

// Plain MessagePack maps only: no record extension, so any MessagePack reader can inspect a frame.
const packr = new Packr({ useRecords: false, variableMapSize: true });

/**
 * Writes a frame's values into a {@link ChunkWriter}, byte for byte as msgpackr (`packr` above)
 * writes the same value: the same shortest headers, the same integer widths, doubles elsewhere.
 * Values of a type that frames do not hold go to msgpackr itself. `frame-write.ts` writes the
 * frames with it.
 */
export class MsgpackWriter extends ChunkWriter {
  /** The header of a map of `count` entries (at most 15). */
  map(count: number): void {
    this.byte(0x80 | count);
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
}
