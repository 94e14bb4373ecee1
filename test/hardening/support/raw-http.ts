import net from 'node:net';

/** One HTTP/1.1 response as it came over the wire. */
export interface RawAnswer {
  readonly status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** True when the server closed the connection after the response. */
  readonly closed: boolean;
}

/** Options of {@link sendRaw}. */
export interface RawOptions {
  /** Give up (and resolve with status 0) after this long. Default 5 000 ms. */
  readonly timeoutMs?: number;
  /** The request was a HEAD: the response has no body whatever its headers say. */
  readonly head?: boolean;
}

/**
 * Writes `request` as it is to a fresh connection (no header is added or checked) and reads
 * the first response, framed by Content-Length, chunked encoding or the end of the connection.
 * Resolves with status 0 when the server closed the connection without answering.
 */
export function sendRaw(
  baseUrl: string,
  request: string | Buffer,
  options: RawOptions = {},
): Promise<RawAnswer> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const answer = parseResponse(received, closed, options.head ?? false)?.answer;
      if (!answer && !closed) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer ?? { status: 0, headers: {}, body: received.toString('latin1'), closed });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs ?? 5000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.write(request);
  });
}

/** The first response in `bytes` and its length in bytes, or undefined while it is incomplete. */
export function parseResponse(
  bytes: Buffer,
  closed: boolean,
  head = false,
): { answer: RawAnswer; length: number } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  const answer = (body: Buffer, length = body.length) => ({
    answer: { status, headers, body: body.toString('utf8'), closed },
    length: end + 4 + length,
  });
  if (status >= 100 && status < 200) {
    // An interim answer (100 Continue): the response follows it.
    const next = parseResponse(rest, closed, head);
    return next && { answer: next.answer, length: end + 4 + next.length };
  }
  if (head || status === 204 || status === 304) return answer(Buffer.alloc(0));
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? answer(rest.subarray(0, length)) : undefined;
  }
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const body = dechunk(rest);
    return body ? answer(body.data, body.length) : undefined;
  }
  return closed ? answer(rest) : undefined;
}

function dechunk(bytes: Buffer): { data: Buffer; length: number } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return { data: Buffer.concat(parts), length: lineEnd + 4 };
    if (bytes.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Builds a request's bytes: the request line, the header lines as given, and the body. */
export function rawRequest(
  method: string,
  target: string,
  headers: readonly (readonly [string, string])[],
  body: Buffer | string = '',
): Buffer {
  const head = [`${method} ${target} HTTP/1.1`, ...headers.map(([n, v]) => `${n}: ${v}`)];
  return Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
}
