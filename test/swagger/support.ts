import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CliIo } from '../../src/swagger/cli/cli';
import {
  type GenerateOptions,
  type Generation,
  generateDocument,
} from '../../src/swagger/cli/generate';
import { CANNOT_BIND } from '../../src/swagger/extract/binding-check';
import { CANNOT_CHECK } from '../../src/swagger/extract/result-visibility';
import { type Diagnostic } from '../../src/swagger/model';
import { porticoTypes } from '../support/portico-types';

/** The repository's root directory. */
export const ROOT = path.resolve(__dirname, '../..');

/** The tsconfig of a fixture project under test/swagger/fixtures. */
export function fixtureProject(name: string): string {
  return path.join(__dirname, 'fixtures', name, 'tsconfig.json');
}

/** The project that `npm run generate-swagger` describes: the examples. */
export const EXAMPLES_PROJECT = path.join(ROOT, 'examples/docs/tsconfig.swagger.json');

/** Generates the document of a fixture project (Swagger 2.0 unless told otherwise). */
export function generateFixture(
  name: string,
  options: Partial<GenerateOptions> = {},
): Promise<Generation> {
  return generateDocument({
    project: fixtureProject(name),
    title: 'Fixture',
    version: '1.0.0',
    ...options,
  });
}

/** Standard output and error of an in-process run of the command, as text. */
export function captureIo(): CliIo & { out(): string; err(): string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    out: () => out,
    err: () => err,
  };
}

/**
 * The findings other than "the runtime cannot bind this argument" or "cannot check this result",
 * for fixtures that only describe.
 */
export function otherThanBinding(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(
    (d) => !d.message.endsWith(CANNOT_BIND) && !d.message.endsWith(CANNOT_CHECK),
  );
}

/**
 * A project of one file, `service.ts`, importing portico's built declarations, and of the `others`
 * beside it (the compiler meets the files in the `order` given, else `service.ts` first); remove
 * it after.
 */
export function sourceProject(
  source: string,
  others: Record<string, string> = {},
  order?: readonly string[],
): { tsconfig: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'swagger-source-'));
  const files = { 'service.ts': source, ...others };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const compilerOptions = {
    target: 'ES2022',
    strict: true,
    noEmit: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    paths: { portico: [porticoTypes()] },
  };
  const tsconfig = path.join(dir, 'tsconfig.json');
  const listed = Object.keys(others).length > 0 ? { files: order ?? Object.keys(files) } : {};
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, ...listed }));
  return { tsconfig, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
