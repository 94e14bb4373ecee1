import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import { applyCors } from '../http/cors';
import { type CorsOptions, type ServletAppDefinition } from '../microservices';
import { needPeer } from '../peers';
import { markSwaggerUi } from './docs-home';
import { noneMatchesAny } from './file-conditions';
import { answerFile, openRegularFile } from './served-file';
import { createStaticFilesHandler, filesCorsPolicy } from './static-files';

/** Options of {@link swaggerUi}. */
export interface SwaggerUiOptions {
  /** The microservice name: the page is served at `/{name}/`. */
  readonly name: string;
  /** The API description that `generate-swagger` wrote, relative to the working directory. */
  readonly document: string;
  /** The page's title. Default: the document's own `info.title` (`API` while there is none). */
  readonly title?: string;
  /** `true` for cross-origin access from anywhere, or the {@link CorsOptions}. */
  readonly cors?: boolean | CorsOptions;
}

/** The files of swagger-ui-dist that the page loads. */
const UI_FILES = new Set([
  '/swagger-ui-bundle.js',
  '/swagger-ui.css',
  '/favicon-16x16.png',
  '/favicon-32x32.png',
]);

/**
 * A microservice that serves Swagger UI on the given API description, at `/{name}/`, with the
 * files of the installed swagger-ui-dist package: no CDN, nothing to copy.
 *
 * @example
 * swaggerUi({ name: 'docs', document: './public/swagger.json' })
 */
export function swaggerUi(options: SwaggerUiOptions): ServletAppDefinition {
  const { name } = options;
  const cors = options.cors ?? false;
  const ui = createStaticFilesHandler({ type: 'staticFiles', name, dir: swaggerUiDir(), cors });
  const policy = filesCorsPolicy(cors);
  const document = path.resolve(options.document);
  const page = options.title === undefined ? undefined : pageHtml(options.title);
  const app: Koa.Middleware = async (ctx) => {
    const rest = ctx.path;
    // A preflight and a wrong method are the files handler's: 204 or 405 with Allow, on every path.
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return ui(ctx, rest);
    if (rest === '/swagger.json') {
      if (policy) applyCors(ctx, policy);
      await sendDocument(ctx, document);
    } else if (rest === '/') {
      if (!ctx.originalUrl.split('?')[0]?.endsWith('/')) return ctx.redirect(`/${name}/`);
      if (isCurrent(ctx)) return;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page ?? pageHtml(await documentTitle(document));
    } else if (rest === '/swagger-ui-init.js') {
      if (isCurrent(ctx)) return;
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = INIT_SCRIPT;
    } else if (UI_FILES.has(rest)) {
      await ui(ctx, rest);
    } else {
      ctx.status = 404;
    }
  };
  return markSwaggerUi({ type: 'servletApp', name, app });
}

/**
 * Answers 304 to `If-None-Match: *` (RFC 9110 §13.1.2), which the page and its script, made rather
 * than read from a file, meet as the files do (docs/configuration.md, Static files).
 */
function isCurrent(ctx: Koa.Context): boolean {
  if (!noneMatchesAny(ctx.req.headers)) return false;
  ctx.status = 304;
  return true;
}

/** The document, answered as a static file is (conditional requests and byte ranges too). */
async function sendDocument(ctx: Koa.Context, document: string): Promise<void> {
  const opened = await openRegularFile(document).catch(() => undefined);
  if (!opened) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = `${path.basename(document)} is not there yet: run generate-swagger`;
    return;
  }
  await answerFile(ctx, document, opened);
}

/** The `info.title` of the document, read when the page is asked for: it may be regenerated. */
async function documentTitle(document: string): Promise<string> {
  try {
    const title = JSON.parse(await readFile(document, 'utf8'))?.info?.title;
    return typeof title === 'string' && title !== '' ? title : 'API';
  } catch {
    return 'API';
  }
}

function swaggerUiDir(): string {
  needPeer('swagger-ui-dist');
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

function pageHtml(title: string): string {
  const text = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text}</title>
<link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">
<link rel="stylesheet" href="./swagger-ui.css">
</head>
<body>
<div id="swagger-ui"><noscript>The API description is <a href="./swagger.json">swagger.json</a>.</noscript></div>
<script src="./swagger-ui-bundle.js"></script>
<script src="./swagger-ui-init.js"></script>
</body>
</html>
`;
}

// Without a host in the document, "Try it out" calls the origin the document came from; the
// online validator is off because generate-swagger validates at build time.
const INIT_SCRIPT = `window.ui = window.SwaggerUIBundle({
  url: new URL('./swagger.json', window.location.href).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
