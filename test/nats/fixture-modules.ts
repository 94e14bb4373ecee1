import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'dist/src/index.js');

/** The compiled example `calc` microservice, as `portico microservice` loads it. */
export function calcModule(): string {
  const file = path.join(ROOT, 'dist/examples/calc/index.js');
  if (!existsSync(file) || !existsSync(DIST_INDEX)) {
    throw new Error('dist/ is missing: run npm run build (npm test does it first)');
  }
  return file;
}

/**
 * Compiles the test-only `work` microservice into a temporary directory, bound to the built
 * package, so that a `portico microservice` child process can load it. `remove` deletes it.
 */
export function compileWorkModule(): { readonly file: string; remove(): void } {
  return compileFixtureModule(path.join(__dirname, 'fixtures/work.ts'));
}

/** Compiles one fixture module as {@link compileWorkModule} does, from its source file. */
export function compileFixtureModule(sourceFile: string): {
  readonly file: string;
  remove(): void;
} {
  calcModule();
  const source = readFileSync(sourceFile, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      esModuleInterop: true,
    },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-work-'));
  const file = path.join(dir, `${path.basename(sourceFile, '.ts')}.js`);
  writeFileSync(
    file,
    outputText.replace(/require\("portico"\)/g, `require(${JSON.stringify(DIST_INDEX)})`),
  );
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
