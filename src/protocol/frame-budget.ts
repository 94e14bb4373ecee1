/**
 * Room in a call frame for everything but the argument texts: the two header bytes, the map keys,
 * the names of service, method, API id and sequence, the request id, locale, peer address and the
 * budget, epoch deadline and take-by time. Texts that come from request headers are counted
 * separately.
 */
const FIXED_RESERVE_BYTES = 1024;
/** A MessagePack string or array header takes at most five bytes. */
const MAX_LENGTH_HEADER_BYTES = 5;

/** What besides the body can grow a call frame. */
export interface FrameBudgetOptions {
  /** Most arguments of an RMC body; each adds a string header. */
  readonly maxArgs: number;
  /**
   * The HTTP server's header size limit. Context texts and the path come from the request head;
   * a head byte is Latin-1, so it takes at most two bytes of UTF-8 in the frame.
   */
  readonly maxHeaderBytes: number;
}

/**
 * The largest HTTP body whose call frame surely fits in `maxPayload` bytes, whatever the headers
 * and however an RMC body splits (each argument text is a part of the body). Zero when nothing fits.
 *
 * @example
 * maxBodyBytesFor(1024 * 1024, { maxArgs: 256, maxHeaderBytes: 16384 }) // 1013499
 */
export function maxBodyBytesFor(maxPayload: number, options: FrameBudgetOptions): number {
  const reserve =
    FIXED_RESERVE_BYTES +
    2 * options.maxHeaderBytes +
    MAX_LENGTH_HEADER_BYTES * (options.maxArgs + 1);
  return Math.max(0, maxPayload - reserve);
}
