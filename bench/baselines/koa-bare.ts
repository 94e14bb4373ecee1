import type { IncomingMessage } from 'node:http';
import Koa from 'koa';

/**
 * Koa alone, for comparison: the route of the ROA JSON row as one middleware that compares the
 * path itself, without a router. Not a baseline of the targets; it shows what the router costs.
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
