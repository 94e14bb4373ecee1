import type Koa from 'koa';
import { type MicroserviceDefinition } from '../microservices';

/** The definitions that {@link markSwaggerUi} marked: the Swagger UI microservices. */
const SWAGGER_UIS = new WeakSet<MicroserviceDefinition>();

/** Marks a definition as a Swagger UI page, which `GET /` points to in development mode. */
export function markSwaggerUi<T extends MicroserviceDefinition>(definition: T): T {
  SWAGGER_UIS.add(definition);
  return definition;
}

/** The path of the first Swagger UI page among the microservices (`/docs/`), if there is one. */
export function docsHomeOf(microservices: readonly MicroserviceDefinition[]): string | undefined {
  const docs = microservices.find((definition) => SWAGGER_UIS.has(definition));
  return docs ? `/${docs.name}/` : undefined;
}

/**
 * In development mode, `GET /` (and `HEAD /`) answers 302 to the API's documentation, so that a
 * browser pointed at the server finds it. Returns false for every other request, which the entry
 * point answers as before: `GET /` outside development mode stays a 405 that says to use POST.
 */
export function answerDocsHome(ctx: Koa.Context, home: string | undefined): boolean {
  if (!home || ctx.path !== '/' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return false;
  ctx.redirect(home);
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = `The API's documentation is at ${home}; calls are POST /{microservice}/{service}/{method}.\n`;
  return true;
}
