/**
 * Writes `value` into `bytes` at `pos` (9 bytes of room at least) as msgpackr writes a number: an
 * integer of 32 bits or less in its shortest MessagePack type, anything else as a double.
 * Returns the position after it.
 */
export function writeNumber(bytes: Buffer, pos: number, value: number): number {
  if (value >>> 0 === value) {
    if (value < 0x80) {
      bytes[pos] = value;
      return pos + 1;
    }
    if (value < 0x100) {
      bytes[pos] = 0xcc;
      bytes[pos + 1] = value;
      return pos + 2;
    }
    if (value < 0x10000) {
      bytes[pos] = 0xcd;
      return bytes.writeUInt16BE(value, pos + 1);
    }
    bytes[pos] = 0xce;
    return bytes.writeUInt32BE(value, pos + 1);
  }
  if (value >> 0 === value) {
    if (value >= -0x20) {
      bytes[pos] = 0x100 + value;
      return pos + 1;
    }
    if (value >= -0x80) {
      bytes[pos] = 0xd0;
      bytes[pos + 1] = value + 0x100;
      return pos + 2;
    }
    if (value >= -0x8000) {
      bytes[pos] = 0xd1;
      return bytes.writeInt16BE(value, pos + 1);
    }
    bytes[pos] = 0xd2;
    return bytes.writeInt32BE(value, pos + 1);
  }
  bytes[pos] = 0xcb;
  return bytes.writeDoubleBE(value, pos + 1);
}
