import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

const EXTENSIONS = ['.ts', '.d.ts', '/index.ts', '/index.d.ts'];

/** A module file's path without its extension: `a/b.d.ts` and `a/b.ts` are one module. */
export function moduleKey(file: string): string {
  return path.resolve(file).replace(/(\.d)?\.[cm]?[jt]s$/, '');
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.[cm]?js$/, '');
  return EXTENSIONS.map((extension) => base + extension).find((file) => existsSync(file));
}

/** The `export { local as name } from '…'` statements of a file: name → [file, local]. */
function reExports(file: string): Map<string, [string, string]> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found = new Map<string, [string, string]>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause) || !ts.isStringLiteral(statement.moduleSpecifier)) {
      continue;
    }
    const target = resolveModule(file, statement.moduleSpecifier.text);
    for (const element of target ? clause.elements : []) {
      found.set(element.name.text, [target as string, (element.propertyName ?? element.name).text]);
    }
  }
  return found;
}

/**
 * Where the entry file's exports `names` are declared, read from its text when the program does
 * not hold the entry (a project that imports the package's files by path): `module#local` of
 * each, following `export … from` through the files it names.
 */
export function declaredExports<N extends string>(
  entry: string,
  names: readonly N[],
): Map<string, N> {
  const table = new Map<string, N>();
  if (!existsSync(entry)) return table;
  const exports = reExports(entry);
  for (const name of names) {
    let at = exports.get(name);
    for (let hops = 0; at && hops < 8; hops++) {
      const next: [string, string] | undefined = reExports(at[0]).get(at[1]);
      if (!next) break;
      at = next;
    }
    if (at) table.set(`${moduleKey(at[0])}#${at[1]}`, name);
  }
  return table;
}
