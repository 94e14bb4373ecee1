import { Buffer } from 'node:buffer';

/** The size of the chunks that frames are written into, one after the other. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Writes frames one after the other into a chunk, as Node's buffer pool hands out small buffers,
 * and gives each as a view of its bytes there: no copy, and no backing store per frame for V8 to
 * track and free. A chunk is never written again, and is freed with the last frame in it.
 * {@link MsgpackWriter} (`msgpack-writer.ts`) writes a frame's values with it. Each write keeps the
 * position in a local while it loops (docs/history/performance-log.md, "Where the hop's
 * instructions go").
 */
export class ChunkWriter {
  protected bytes = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private start = 0;
  protected pos = 0;

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

  protected byte(value: number): void {
    this.room(1);
    this.bytes[this.pos++] = value;
  }

  /** Bytes that msgpackr wrote, as they are. */
  protected packed(encoded: Uint8Array): void {
    this.room(encoded.length);
    this.bytes.set(encoded, this.pos);
    this.pos += encoded.length;
  }

  /** Makes room for `more` bytes: a frame that outgrows its chunk moves to a new one. */
  protected room(more: number): void {
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
