import Koa from 'koa';
import { sendContinue } from '../entry-point/body';
import { type ServletAppDefinition } from '../microservices';

/**
 * Hands every request under `/{name}/` to a servlet app, with the path after the name as its
 * path: a Koa app gets the request itself, Koa middleware gets the main server's context.
 */
export function createServletHandler(
  definition: ServletAppDefinition,
): (ctx: Koa.Context, rest: string) => Promise<void> {
  const { app } = definition;
  if (app instanceof Koa) {
    const callback = app.callback();
    return async (ctx, rest) => {
      // A servlet app reads its own body: its client may send it at once.
      sendContinue(ctx.req);
      ctx.respond = false;
      const url = ctx.req.url;
      ctx.req.url = (rest || '/') + (ctx.querystring ? `?${ctx.querystring}` : '');
      try {
        await callback(ctx.req, ctx.res);
      } finally {
        ctx.req.url = url;
      }
    };
  }
  return async (ctx, rest) => {
    const path = ctx.path;
    sendContinue(ctx.req);
    ctx.path = rest || '/';
    try {
      await app(ctx, async () => {});
    } finally {
      ctx.path = path;
    }
  };
}
