/**
 * Keeps in dist/src only the declaration files that the package's entry points can reach, and
 * deletes the rest. package.json's `exports` lets no one import another file of the package, so
 * the declarations of internal modules (the generator's, the CLI's, the carriers') are dead weight
 * in every install: about a hundred files. Run after tsc by `npm run build`.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');

/** The declaration files of the package's entry points, from package.json's `types` and `exports`. */
function entryDeclarations(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    types: string;
    exports: Record<string, string | Record<string, string>>;
  };
  const targets = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  );
  return [manifest.types, ...targets]
    .filter((target) => target.startsWith('./dist/src/') && /\.(d\.ts|js)$/.test(target))
    .map((target) => path.join(ROOT, target.replace(/\.js$/, '.d.ts')));
}

/** The declaration file a relative reference of `from` lands on. */
function resolveDeclaration(from: string, reference: string): string {
  const base = path.resolve(path.dirname(from), reference.replace(/\.js$/, ''));
  const candidates = [`${base}.d.ts`, path.join(base, 'index.d.ts')];
  const found = candidates.find((candidate) => declarations.has(candidate));
  if (!found) throw new Error(`${from} refers to ${reference}, which has no declaration file`);
  return found;
}

function allDeclarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return allDeclarations(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const declarations = new Set(allDeclarations(path.join(ROOT, 'dist', 'src')));
const reachable = new Set<string>();
const pending = entryDeclarations();
for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
  if (reachable.has(file)) continue;
  reachable.add(file);
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const references = [...info.importedFiles, ...info.referencedFiles].map((ref) => ref.fileName);
  for (const reference of references.filter((name) => name.startsWith('.'))) {
    pending.push(resolveDeclaration(file, reference));
  }
}
const unreachable = [...declarations].filter((file) => !reachable.has(file));
for (const file of unreachable) {
  rmSync(file);
  rmSync(`${file}.map`, { force: true });
}
process.stdout.write(
  `declarations: kept ${reachable.size} that the entry points reach, removed ${unreachable.length}\n`,
);
