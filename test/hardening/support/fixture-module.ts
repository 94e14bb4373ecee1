import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const DIST_INDEX = path.join(ROOT, 'dist/src/index.js');

/**
 * Compiles a self-contained fixture module (it imports only `portico`) into a temporary directory,
 * bound to the built package, so that `portico microservice` can load it. `remove` deletes it.
 */
export function compileFixture(source: string): { readonly file: string; remove(): void } {
  if (!existsSync(DIST_INDEX)) {
    throw new Error('dist/ is missing: run npm run build (npm test does it first)');
  }
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      esModuleInterop: true,
    },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-fixture-'));
  const file = path.join(dir, `${path.basename(source, '.ts')}.js`);
  writeFileSync(
    file,
    outputText.replace(/require\("portico"\)/g, `require(${JSON.stringify(DIST_INDEX)})`),
  );
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
