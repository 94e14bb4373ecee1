import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';
import { answerPreflight, applyCors, type CorsPolicy, createCorsPolicy } from '../http/cors';
import { type StaticFilesDefinition } from '../microservices';
import { answerFile, failed, openRegularFile } from './served-file';

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
  // Made when first needed, so that its failure always has a reader.
  const realRootOf = () =>
    (realRoot ??= realpath(root).catch((error: unknown) => {
      // Not cached: the directory may appear later.
      realRoot = undefined;
      throw error;
    }));

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
      const file = await chosenFile(ctx, rest, root);
      // Checked before the file is opened: a device outside the directory is never opened.
      const opened =
        file !== undefined && (await inside(file, realRootOf()))
          ? await openRegularFile(file)
          : undefined;
      if (!opened) {
        // A hidden file (koa-send answers none), a symbolic link that leads out of the directory,
        // a directory, a named pipe or a device: answer as if nothing were there.
        notFound(ctx);
        return;
      }
      await answerFile(ctx, file as string, opened);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status && status >= 400 && status < 500) notFound(ctx);
      else failed(ctx, error as Error);
    }
  };
}

/** Thrown by koa-send's `setHeaders` hook: the file it chose, before it opens it by its path. */
class Chosen {
  constructor(readonly file: string) {}
}

/**
 * The file that koa-send resolves `rest` to (the path decoded and kept inside `root`, hidden files
 * left out, the index file of a directory, a `.br` or `.gz` sibling with its Content-Encoding), or
 * `undefined` where it serves none. Its stream is never made: it would open the path again, and
 * wait forever on a named pipe.
 */
async function chosenFile(
  ctx: Koa.Context,
  rest: string,
  root: string,
): Promise<string | undefined> {
  const setHeaders = (_: unknown, file: string) => {
    throw new Chosen(file);
  };
  try {
    await send(ctx, rest, { root, index: 'index.html', hidden: false, setHeaders });
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Chosen) return thrown.file;
    throw thrown;
  }
}

/** True when `file`, its symbolic links followed, is inside the directory whose real path is given. */
async function inside(file: string, realRoot: Promise<string>): Promise<boolean> {
  const real = await realpath(file);
  const base = await realRoot;
  return real === base || real.startsWith(base + path.sep);
}

function notFound(ctx: Koa.Context): void {
  ctx.body = null;
  ctx.remove('Content-Encoding');
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not Found';
}
