import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { OWN_PACKAGE_NAME } from '../extract/portico-symbols';

/**
 * Where the code of a declaration comes from, for the context reach: the project's own source
 * (followed), portico's library (`src/`, `dist/src/` of this package: only its context readers
 * read), a package that depends on portico, directly or through its own dependencies (may
 * read), ambient declarations of the project itself (their code is unseen: may read), or any
 * other library (reads nothing of portico's).
 */
export type CodeOrigin = 'project' | 'portico' | 'portico-dependent' | 'ambient' | 'library';

interface PackageFacts {
  readonly root: string;
  readonly isPortico: boolean;
  /** The names of the packages it depends on, peers and optional ones included. */
  readonly dependencies: readonly string[];
}

const packages = new Map<string, PackageFacts | null>();

function readFacts(dir: string): PackageFacts | null {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const fields = ['dependencies', 'peerDependencies', 'optionalDependencies'];
  const dependencies = fields.flatMap((field) => {
    const deps = json[field];
    return typeof deps === 'object' && deps !== null ? Object.keys(deps) : [];
  });
  return { root: dir, isPortico: json.name === OWN_PACKAGE_NAME, dependencies };
}

function factsAt(dir: string): PackageFacts | null {
  if (!packages.has(dir)) packages.set(dir, readFacts(dir));
  return packages.get(dir) ?? null;
}

function packageOf(file: string): PackageFacts | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const found = factsAt(dir);
    if (found) return found;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The installed copy of package `name` that `from` loads: Node's `node_modules` lookup. */
function installed(name: string, from: string): PackageFacts | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const found = factsAt(path.join(dir, 'node_modules', name));
    if (found) return found;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function reachesPortico(facts: PackageFacts, seen: Set<string>): boolean {
  seen.add(facts.root);
  return facts.dependencies.some((name) => {
    if (name === OWN_PACKAGE_NAME) return true;
    const dependency = installed(name, facts.root);
    return (
      dependency !== undefined && !seen.has(dependency.root) && reachesPortico(dependency, seen)
    );
  });
}

const verdicts = new Map<string, boolean>();

/** Whether a package depends on portico, directly or through the packages it depends on. */
function dependsOnPortico(facts: PackageFacts): boolean {
  const verdict = verdicts.get(facts.root) ?? reachesPortico(facts, new Set());
  verdicts.set(facts.root, verdict);
  return verdict;
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
    const owner = packageOf(file);
    return owner && dependsOnPortico(owner) ? 'portico-dependent' : 'library';
  }
  return source.isDeclarationFile ? 'ambient' : 'project';
}
