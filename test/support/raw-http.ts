import net from 'node:net';

/**
 * The length of the first final answer in `bytes` (interim 1xx answers skipped), or undefined
 * while it is not all there. An answer without `Content-Length` ends when the server closes.
 */
function answerLength(bytes: Buffer, head: boolean): number | undefined {
  let start = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start);
    if (end < 0) return undefined;
    const lines = bytes.subarray(start, end).toString('latin1');
    const status = Number(lines.slice(9, 12));
    if (status >= 100 && status < 200) {
      start = end + 4;
      continue;
    }
    const declared = /\r\ncontent-length: *(\d+)/i.exec(lines)?.[1];
    const bodyLength = head || status === 204 || status === 304 ? 0 : Number(declared ?? NaN);
    if (Number.isNaN(bodyLength)) return undefined;
    return bytes.length >= end + 4 + bodyLength ? end + 4 + bodyLength : undefined;
  }
}

/**
 * Sends `request` (raw HTTP/1.1 bytes) over a fresh connection and resolves with the raw bytes of
 * its answer, up to its end or the connection's; `head` says the request was a HEAD.
 */
export function exchangeRaw(port: number, request: Buffer, head: boolean): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = (bytes = Buffer.concat(chunks)) => {
      socket.destroy();
      resolve(bytes);
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      const length = answerLength(bytes, head);
      if (length !== undefined) finish(bytes.subarray(0, length));
    });
    // A server that closes after its answer may reset a request it did not read: keep the answer.
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.write(request);
  });
}

/** An answer as text with what differs between two servers by design masked: Date and request id. */
export function maskVarying(answer: Buffer): string {
  const text = answer.toString('latin1');
  const id = /\r\nX-SVC-Request-ID: ([^\r]*)/i.exec(text)?.[1];
  const masked = text.replace(/\r\nDate: [^\r]*/i, '\r\nDate: <date>');
  return id ? masked.split(id).join('<request id>') : masked;
}
