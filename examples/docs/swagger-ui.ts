import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DOCS_PUBLIC_DIR } from './public-dir';

/** The files of the swagger-ui-dist package that the page loads, with their licence notes. */
export const SWAGGER_UI_FILES = [
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui.css',
  'favicon-16x16.png',
  'favicon-32x32.png',
  'LICENSE',
  'NOTICE',
] as const;

/**
 * Copies Swagger UI from the installed swagger-ui-dist package into `<publicDir>/swagger-ui`,
 * so that the page needs no CDN. Returns the folder it filled.
 *
 * @example
 * copySwaggerUi(); // examples/docs/public/swagger-ui, as `npm start` does
 */
export function copySwaggerUi(publicDir: string = DOCS_PUBLIC_DIR): string {
  const source = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const target = path.join(publicDir, 'swagger-ui');
  mkdirSync(target, { recursive: true });
  for (const file of SWAGGER_UI_FILES)
    copyFileSync(path.join(source, file), path.join(target, file));
  return target;
}

if (require.main === module) {
  process.stdout.write(`Swagger UI copied to ${path.relative(process.cwd(), copySwaggerUi())}\n`);
}
