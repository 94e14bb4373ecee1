/**
 * A forward-only reader of MessagePack's type bytes and counts: where a map, an array or a string
 * starts and how long it is, and nil. {@link MsgpackCursor} (`msgpack-cursor.ts`) reads the values
 * on top of it. A read returns -1 (or false) on a type it does not take or on bytes that run out;
 * every read is bounds-checked and advances, so a frame is read in one linear pass.
 */
export class MsgpackHeaders {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  /** The number of entries of the map that starts here, or -1. */
  mapHeader(): number {
    return this.countHeader(0x80, 0xde);
  }

  /** The number of items of the array that starts here, or -1. */
  arrayHeader(): number {
    return this.countHeader(0x90, 0xdc);
  }

  /** The byte length of the string that starts here (the cursor then on its first byte), or -1. */
  stringHeader(): number {
    const { bytes, pos } = this;
    const type = this.peek();
    if (type >= 0xa0 && type <= 0xbf) {
      this.pos++;
      return type & 0x1f;
    }
    if (type === 0xd9 && pos + 1 < bytes.length) {
      this.pos += 2;
      return bytes[pos + 1] as number;
    }
    if (type === 0xda) return this.length16();
    if (type === 0xdb && pos + 4 < bytes.length) {
      this.pos += 5;
      return (
        (((bytes[pos + 1] as number) << 24) |
          ((bytes[pos + 2] as number) << 16) |
          ((bytes[pos + 3] as number) << 8) |
          (bytes[pos + 4] as number)) >>>
        0
      );
    }
    return -1;
  }

  /** Whether the value here is nil; the cursor moves past it when it is. */
  nil(): boolean {
    if (this.peek() !== 0xc0) return false;
    this.pos++;
    return true;
  }

  /** Whether the cursor has read the frame to its last byte. */
  atEnd(): boolean {
    return this.pos === this.bytes.length;
  }

  /** The type byte here; past the end, 0xc1, which MessagePack never uses and no read takes. */
  protected peek(): number {
    return this.pos < this.bytes.length ? (this.bytes[this.pos] as number) : 0xc1;
  }

  /** A map's or an array's count: a fix type of 16 values from `fix`, or a 16-bit count after `code16`. */
  private countHeader(fix: number, code16: number): number {
    const type = this.peek();
    if (type >= fix && type <= fix + 0x0f) {
      this.pos++;
      return type & 0x0f;
    }
    return type === code16 ? this.length16() : -1;
  }

  private length16(): number {
    const { bytes, pos } = this;
    if (pos + 2 >= bytes.length) return -1;
    this.pos += 3;
    return ((bytes[pos + 1] as number) << 8) | (bytes[pos + 2] as number);
  }
}
