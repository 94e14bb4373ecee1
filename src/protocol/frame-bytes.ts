const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of valid UTF-8, or `undefined`: msgpackr reads broken UTF-8 its own way, and drops a
 * leading byte-order mark from long strings only, so the reader leaves both cases to it.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string | undefined {
  let ascii = true;
  for (let i = start; i < end; i++) {
    if ((bytes[i] as number) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii && end - start <= 24) return shortAscii(bytes, start, end);
  if (!ascii && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf)
    return undefined;
  try {
    return utf8.decode(bytes.subarray(start, end));
  } catch {
    return undefined;
  }
}

/** Four characters to a `fromCharCode`: each `+=` makes a string of its own. */
function shortAscii(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const at = bytes as unknown as readonly number[];
    text += String.fromCharCode(
      at[i] as number,
      at[i + 1] as number,
      at[i + 2] as number,
      at[i + 3] as number,
    );
  }
  for (; i < end; i++) text += String.fromCharCode(bytes[i] as number);
  return text;
}

/** Whether the `length` bytes at `at` are `key`. */
export function isKey(key: Uint8Array, bytes: Uint8Array, at: number, length: number): boolean {
  if (key.length !== length) return false;
  for (let i = 0; i < length; i++) if (key[i] !== bytes[at + i]) return false;
  return true;
}

/** Whether the bytes at `at` are the characters of `text`, all ASCII. */
export function isAsciiOf(text: string, bytes: Uint8Array, at: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const byte = bytes[at + i] as number;
    if (byte >= 0x80 || byte !== text.charCodeAt(i)) return false;
  }
  return true;
}

const double = new Float64Array(1);
const doubleBytes = new Uint8Array(double.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The big-endian double at `at`. */
export function float64(bytes: Uint8Array, at: number): number {
  for (let i = 0; i < 8; i++) doubleBytes[LITTLE_ENDIAN ? 7 - i : i] = bytes[at + i] as number;
  return double[0] as number;
}
