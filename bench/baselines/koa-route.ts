import Router from '@koa/router';
import Koa from 'koa';
import { readBody } from './read-body';

/**
 * The framework baseline of the benchmark, as the targets define it: the route of the ROA JSON
 * row written by hand with Koa and @koa/router, a hand-written body reader and Koa's own JSON
 * response.
 */
const app = new Koa();
const router = new Router();

router.post('/calc/multiplier/mulTwo', async (ctx) => {
  const input = JSON.parse(await readBody(ctx.req)) as { a: number; b: number };
  ctx.body = { result: input.a * input.b };
});

app.use(router.routes());
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
