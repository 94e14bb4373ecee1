import http from 'node:http';
import { type Done } from './reply-mux';

/** Carries a request body to where the work is done; `done` takes the reply's bytes or a status. */
export type Forward = (body: Buffer, done: Done) => void;

/**
 * A `node:http` server that reads requests as `bare-http.ts` does but has `forward` do the work
 * elsewhere, and answers its reply's bytes: 200 with them, 400 when they are empty (input the
 * worker could not read), the status `forward` gives when the carrier failed.
 */
export function serveForwarding(forward: Forward): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/calc/multiplier/mulTwo') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), (reply) => answer(res, reply)));
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
  return server;
}

function answer(res: http.ServerResponse, reply: Uint8Array | number): void {
  if (typeof reply === 'number' || reply.length === 0) {
    res.writeHead(typeof reply === 'number' ? reply : 400).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': reply.length,
  });
  res.end(reply);
}
