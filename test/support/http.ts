import http from 'node:http';

/** A response as a test reads it. */
export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  /** The error envelope's fields, parsed from JSON or XML, when the body is one. */
  readonly error?: { status: number; code: string; message: string; requestId: string };
}

/** What to send: exactly these headers, nothing added but Host and Content-Length. */
export interface Sent {
  readonly method?: string;
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string | Buffer;
}

/** Sends one request over a fresh connection and reads the whole answer. */
export function send(baseUrl: string, path: string, sent: Sent = {}): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const headers = { ...sent.headers };
  if (
    sent.body !== undefined &&
    !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))
  ) {
    headers['Content-Length'] = String(Buffer.byteLength(sent.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: sent.method ?? 'POST',
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ...parseError(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

function parseError(text: string): Pick<Answer, 'error'> {
  if (text.startsWith('{"error"')) return { error: JSON.parse(text).error };
  const xml =
    /^<error><status>(\d+)<\/status><code>(.*)<\/code><message>(.*)<\/message><requestId>(.*)<\/requestId><\/error>$/s.exec(
      text,
    );
  if (!xml) return {};
  const [, status, code = '', message = '', requestId = ''] = xml;
  return { error: { status: Number(status), code, message, requestId } };
}

/** Headers for a JSON call, with extra ones. */
export function json(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Content-Type': 'application/json', ...extra };
}

/** Headers for an XML call in a sequence, with extra ones. */
export function xml(
  sequence: 'libA' | 'libB',
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    'Content-Type': 'application/xml',
    'X-SVC-Sequence-Name': `${sequence}ParamArrayXmlInOutSequence`,
    ...extra,
  };
}
