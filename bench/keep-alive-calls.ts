import http from 'node:http';

/**
 * Sends `calls` calls of `mulTwo`, `connections` at a time, each a keep-alive POST; resolves with
 * the answers other than 200 (a main server slowed down by callgrind may count its replica lost).
 */
export async function send(port: number, calls: number, connections: number): Promise<string[]> {
  const failed: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let left = calls;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        { port, host: '127.0.0.1', method: 'POST', path: '/calc/multiplier/mulTwo', agent },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`${response.statusCode} ${body}`)),
          );
        },
      );
      request.on('error', reject);
      request.setHeader('content-type', 'application/json');
      request.end('{"a":2,"b":3}');
    });
  const worker = async () => {
    while (left-- > 0) await one().catch((error: Error) => failed.push(error.message));
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return failed;
}

/** Waits until a call is answered: the replica may not be subscribed yet. */
export async function firstCall(port: number): Promise<void> {
  for (let tries = 0; ; tries++) {
    const [failed] = await send(port, 1, 1);
    if (failed === undefined) return;
    if (tries > 3000) throw new Error(failed);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
