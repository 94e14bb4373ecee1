import { existsSync } from 'node:fs';
import path from 'node:path';

const TYPES = path.resolve(__dirname, '../../dist/src/index.d.ts');

/**
 * The built package's declarations (`npm run build`, which `npm test` runs first), which the
 * TypeScript projects of the tests resolve `portico` to, as a project that installed the package
 * does. Resolved to the sources instead, every program those tests make would parse and check all
 * of src: about three times the work of each generation, for the same document.
 */
export function porticoTypes(): string {
  if (!existsSync(TYPES)) {
    throw new Error('dist/ is missing: run `npm run build` before this test');
  }
  return TYPES;
}
