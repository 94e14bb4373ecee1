import type { IncomingMessage } from 'node:http';
import Koa from 'koa';

/**
 * The framework baseline of the benchmark: the route of the ROA JSON row written by hand in Koa,
 * with a hand-written body reader and Koa's own JSON response.
 */
const app = new Koa();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

app.use(async (ctx) => {
  if (ctx.method !== 'POST' || ctx.path !== '/calc/multiplier/mulTwo') {
    ctx.status = 404;
    return;
  }
  const input = JSON.parse(await readBody(ctx.req)) as { a: number; b: number };
  ctx.body = { result: input.a * input.b };
});

app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
