import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';
import { answerPreflight, applyCors, type CorsPolicy, createCorsPolicy } from '../http/cors';
import { type StaticFilesDefinition } from '../microservices';

/** The cross-origin policy of files: `true` for every origin, options, or none. */
export function filesCorsPolicy(cors: StaticFilesDefinition['cors']): CorsPolicy | undefined {
  if (!cors) return undefined;
  return createCorsPolicy(cors === true ? {} : cors, {
    methods: 'GET, HEAD, OPTIONS',
    allowHeaders: ['Content-Type', 'Accept'],
  });
}

/** Serves one directory under `/{name}/`: files only, no listings, nothing outside the directory. */
export function createStaticFilesHandler(
  definition: StaticFilesDefinition,
): (ctx: Koa.Context, rest: string) => Promise<void> {
  const root = path.resolve(definition.dir);
  const cors = filesCorsPolicy(definition.cors);
  let realRoot: Promise<string> | undefined;

  return async (ctx, rest) => {
    if (cors) applyCors(ctx, cors);
    if (ctx.method === 'OPTIONS') {
      if (cors) answerPreflight(ctx, cors);
      else ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD, OPTIONS');
      ctx.status = 405;
      return;
    }
    if (rest === '') {
      ctx.redirect(`/${definition.name}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    try {
      realRoot ??= realpath(root).catch((error: unknown) => {
        // Not cached: the directory may appear later.
        realRoot = undefined;
        throw error;
      });
      const sent = await send(ctx, rest, { root, index: 'index.html', hidden: false });
      if (!sent) {
        // koa-send leaves hidden files (a segment starting with ".") unanswered: not found.
        ctx.status = 404;
        return;
      }
      const real = await realpath(sent);
      const base = await realRoot;
      if (real !== base && !real.startsWith(base + path.sep)) {
        // A symbolic link that leads out of the directory: answer as if nothing were there.
        ctx.body = null;
        ctx.remove('Content-Length');
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'Not Found';
      }
    } catch (error) {
      const status = (error as { status?: number }).status;
      ctx.status = status && status >= 400 && status < 500 ? 404 : 500;
    }
  };
}
