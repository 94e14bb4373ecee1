/** The subject of a NATS echo baseline under the server's prefix: one for each kind of message. */
export function echoSubject(prefix: string, batched: boolean): string {
  return `${prefix}.${batched ? 'echo-batch' : 'echo'}`;
}

/** One message of `parts`, each as its length (4 bytes, big-endian) and its bytes. */
export function packParts(parts: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const part of parts) size += 4 + part.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) {
    at = out.writeUInt32BE(part.length, at);
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The parts of a message that {@link packParts} made; throws when a length runs past the end. */
export function unpackParts(bytes: Uint8Array): Buffer[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const parts: Buffer[] = [];
  let at = 0;
  while (at < buffer.length) {
    if (at + 4 > buffer.length) throw new Error('a part length runs past the end of the message');
    const end = at + 4 + buffer.readUInt32BE(at);
    if (end > buffer.length) throw new Error('a part runs past the end of the message');
    parts.push(buffer.subarray(at + 4, end));
    at = end;
  }
  return parts;
}
