import type Koa from 'koa';
import { type EntryPointHandler } from '../entry-point/entry-point';
import { answerDocsHome } from './docs-home';
import { type PathHandler } from './mount-microservices';

/** Where the main server sends a request. */
export interface DispatchTargets {
  /** By the first path segment: the admin routes, servlet apps and static files. */
  readonly handlers: ReadonlyMap<string, PathHandler>;
  /** Where `GET /` redirects in development, when a microservice serves Swagger UI. */
  readonly docsHome: string | undefined;
  /** Every other path: `/{microservice}/{service}/{method}`. */
  readonly entryPoint: EntryPointHandler;
}

/**
 * The main server's one middleware: a request goes to the handler its first path segment names,
 * to the docs home, or to the entry point.
 */
export function createRequestDispatch(targets: DispatchTargets): Koa.Middleware {
  const { handlers, docsHome, entryPoint } = targets;
  return async (ctx) => {
    const path = ctx.path;
    // One split: the first segment's string, hashed by the lookup here, is the entry point's too.
    const parts = path.slice(1).split('/');
    const handler = handlers.get(parts[0] as string);
    if (handler) await handler(ctx, path.slice(1 + (parts[0] as string).length));
    else if (!answerDocsHome(ctx, docsHome)) await entryPoint(ctx, parts);
  };
}
