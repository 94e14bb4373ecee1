import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Makes a project for `portico dev` in a temporary directory: `src/`, a tsconfig.json that builds
 * it into `dist/`, and a node_modules that links this package, TypeScript and reflect-metadata.
 * `compilerOptions` are added to the tsconfig's. Returns the directory.
 */
export function devProject(prefix: string, compilerOptions: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of ['typescript', 'reflect-metadata']) {
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'portico'));
  const options = {
    rootDir: 'src',
    outDir: 'dist',
    module: 'commonjs',
    target: 'es2022',
    strict: true,
    skipLibCheck: true,
    experimentalDecorators: true,
    types: [],
    ...compilerOptions,
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options }));
  return dir;
}
