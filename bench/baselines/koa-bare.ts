import Koa from 'koa';
import { readBody } from './read-body';

/**
 * Koa alone, for comparison: the route of the ROA JSON row as one middleware that compares the
 * path itself, without a router. Not a baseline of the targets; it shows what the router costs.
 */
const app = new Koa();

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
