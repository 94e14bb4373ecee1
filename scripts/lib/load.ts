import http from 'node:http';

/** One call of a load run. */
export interface CallRecord {
  readonly requestId: string;
  /** Milliseconds since the run started. */
  readonly start: number;
  readonly end: number;
  /** The HTTP status, or 0 when the connection failed. */
  readonly status: number;
  readonly body: string;
}

/** Options of {@link runLoad}. */
export interface LoadOptions {
  /** `http://host:port`. */
  readonly baseUrl: string;
  readonly path: string;
  /** The JSON body of call number `n`. */
  readonly body: (n: number) => string;
  /** Calls in flight at once: each worker sends its next call when the last one is answered. */
  readonly concurrency: number;
  /** Workers stop sending when this returns true. */
  readonly stop: () => boolean;
  /** The start of the clock that `start` and `end` count from. Default now. */
  readonly epoch?: number;
}

/** Sends calls from `concurrency` workers until `stop()`; resolves with every call. */
export async function runLoad(options: LoadOptions): Promise<CallRecord[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const epoch = options.epoch ?? performance.now();
  const records: CallRecord[] = [];
  let next = 0;
  const worker = async () => {
    while (!options.stop()) {
      const n = next++;
      const requestId = `load-${n}`;
      const start = performance.now() - epoch;
      const { status, body } = await post(options, agent, requestId, options.body(n));
      records.push({ requestId, start, end: performance.now() - epoch, status, body });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return records;
}

/** Sends one JSON POST and reads the whole answer; a failed connection is status 0. */
export function post(
  target: { readonly baseUrl: string; readonly path: string },
  agent: http.Agent | false,
  requestId: string,
  body: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(target.path, target.baseUrl);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'X-SVC-Request-ID': requestId,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', () => resolve({ status: 0, body: '', headers: {} }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {} }));
    req.end(body);
  });
}
