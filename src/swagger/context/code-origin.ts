import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { OWN_PACKAGE_NAME } from '../extract/portico-symbols';

/**
 * Where the code of a declaration comes from, for the context reach: the project's own source
 * (followed), portico's library (`src/`, `dist/src/` of this package: only its context readers
 * read), a package that depends on portico (may read), ambient declarations of the project
 * itself (their code is unseen: may read), or any other library (reads nothing of portico's).
 */
export type CodeOrigin = 'project' | 'portico' | 'portico-dependent' | 'ambient' | 'library';

interface PackageFacts {
  readonly root: string;
  readonly isPortico: boolean;
  readonly dependsOnPortico: boolean;
}

const packages = new Map<string, PackageFacts | null>();

function readFacts(dir: string): PackageFacts | null {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const fields = ['dependencies', 'peerDependencies', 'optionalDependencies'];
  const dependsOnPortico = fields.some((field) => {
    const deps = json[field];
    return typeof deps === 'object' && deps !== null && OWN_PACKAGE_NAME in deps;
  });
  return { root: dir, isPortico: json.name === OWN_PACKAGE_NAME, dependsOnPortico };
}

function packageOf(file: string): PackageFacts | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (!packages.has(dir)) packages.set(dir, readFacts(dir));
    const found = packages.get(dir);
    if (found) return found;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function isPorticoLibrary(file: string): boolean {
  const owner = packageOf(file);
  if (!owner?.isPortico) return false;
  const inside = path.relative(owner.root, file).split(path.sep).join('/');
  return inside.startsWith('src/') || inside.startsWith('dist/src/');
}

/** Where the code of `declaration` comes from (see {@link CodeOrigin}). */
export function originOf(declaration: ts.Node, program: ts.Program): CodeOrigin {
  const source = declaration.getSourceFile();
  const file = path.resolve(source.fileName);
  if (program.isSourceFileDefaultLibrary(source)) return 'library';
  if (isPorticoLibrary(file)) return 'portico';
  if (
    program.isSourceFileFromExternalLibrary(source) ||
    file.split(path.sep).includes('node_modules')
  ) {
    return packageOf(file)?.dependsOnPortico ? 'portico-dependent' : 'library';
  }
  return source.isDeclarationFile ? 'ambient' : 'project';
}
