import http from 'node:http';

/**
 * The upper bound of the benchmark: a bare `node:http` server doing the work of the ROA JSON row
 * (`POST /calc/multiplier/mulTwo` with `{"a":2,"b":3}` → `{"result":6}`) with JSON.parse and
 * JSON.stringify, and nothing else.
 */
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/calc/multiplier/mulTwo') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: string;
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { a: number; b: number };
      body = JSON.stringify({ result: input.a * input.b });
    } catch {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
