import { ts } from 'ts-morph';
import { type Converter } from './converter';

/** The files of the project itself: neither declarations, nor packages, nor TypeScript's library. */
export function projectFiles(program: ts.Program): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.isDeclarationFile &&
        !program.isSourceFileFromExternalLibrary(file) &&
        !program.isSourceFileDefaultLibrary(file),
    );
}

/** For each type name that more than one file of the project declares: each file's qualifier. */
type NameIndex = ReadonlyMap<string, ReadonlyMap<string, string>>;

const indexes = new WeakMap<ts.Program, NameIndex>();

function declaredTypes(node: ts.Node, add: (name: string) => void): void {
  if (
    ts.isInterfaceDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  ) {
    if (node.name) add(node.name.text);
  }
  if (ts.isSourceFile(node) || ts.isModuleDeclaration(node) || ts.isModuleBlock(node)) {
    node.forEachChild((child) => declaredTypes(child, add));
  }
}

/** The fewest last folders and the file's name that tell `files` apart: `box`, `a.types`. */
function qualifiers(files: readonly string[]): Map<string, string> {
  const parts = files.map((f) => f.replace(/\.[cm]?tsx?$/, '').split(/[\\/]/));
  for (let n = 1; ; n++) {
    const names = parts.map((p) => p.slice(-n).join('.'));
    const longest = parts.every((p) => p.length <= n);
    if (new Set(names).size === names.length || longest) {
      return new Map(files.map((f, i) => [f, names[i]!]));
    }
  }
}

function indexOf(program: ts.Program): NameIndex {
  const known = indexes.get(program);
  if (known) return known;
  const files = new Map<string, Set<string>>();
  for (const file of projectFiles(program)) {
    const add = (name: string) =>
      files.set(name, (files.get(name) ?? new Set()).add(file.fileName));
    declaredTypes(file, add);
  }
  const index = new Map<string, Map<string, string>>();
  for (const [name, where] of files) if (where.size > 1) index.set(name, qualifiers([...where]));
  indexes.set(program, index);
  return index;
}

/**
 * The name a type argument gives to an instantiation's schema name (`Day` in `Box_Day`): the
 * declaration's name, qualified by its file where another file of the project declares a type of
 * that name too (`Box_dates.Day` beside `Box_calendar.Day`), so that the name never depends on
 * which instantiation the generator meets first (docs/api-description.md).
 */
export function argumentName(converter: Converter, symbol: ts.Symbol): string {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName;
  const qualifier = file && indexOf(converter.program).get(symbol.name)?.get(file);
  return qualifier ? `${qualifier}.${symbol.name}` : symbol.name;
}
