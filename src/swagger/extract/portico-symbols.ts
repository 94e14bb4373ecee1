import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { CONTEXT_READERS } from '../context/context-readers';
import { declaredExports, moduleKey } from './entry-exports';

/** The exports of this package's entry that the generator recognises. */
const KNOWN = [
  'Api',
  'RemoteService',
  'Alias',
  'ApiOperation',
  'RemoteMethod',
  'Field',
  'OneOf',
  'Int',
  'Double',
  'nativeApp',
  ...CONTEXT_READERS,
] as const;

/** A recognised export of this package. */
export type PorticoExport = (typeof KNOWN)[number];

/** What finding the package's exports needs: the program and its checker. */
export interface Checked {
  readonly checker: ts.TypeChecker;
  readonly program: ts.Program;
}

interface OwnPackage {
  readonly root: string;
  readonly name: string | undefined;
  /** The declaration entry (`types` of package.json), relative to the root. */
  readonly types: string | undefined;
}

const packages = new Map<string, OwnPackage | null>();

function readPackage(dir: string): OwnPackage | null {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; types?: unknown };
  const name = typeof parsed.name === 'string' ? parsed.name : undefined;
  const types = typeof parsed.types === 'string' ? parsed.types : undefined;
  return { root: dir, name, types };
}

/** The nearest package.json at or above `dir`: its directory, name and declaration entry. */
function nearestPackage(dir: string): OwnPackage | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (!packages.has(current)) packages.set(current, readPackage(current));
    const found = packages.get(current);
    if (found) return found;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The name this package is published under, read from its own package.json. */
export const OWN_PACKAGE_NAME: string = nearestPackage(__dirname)?.name ?? 'portico';

/**
 * The files the entry of a copy of this package can be: its built declarations (`types`), and
 * the source they are built from (the same path without the `dist/` output folder, as `.ts`).
 */
function entryFiles(own: OwnPackage): string[] {
  if (!own.types) return [];
  const built = path.resolve(own.root, own.types);
  const source = path.resolve(
    own.root,
    own.types.replace(/^(\.\/)?dist\//, '').replace(/\.d\.ts$/, '.ts'),
  );
  return [built, source];
}

/** The recognised exports of one copy of this package: by symbol, and by `module#local`. */
interface ExportTable {
  readonly symbols: Map<ts.Symbol, PorticoExport>;
  readonly declared: Map<string, PorticoExport>;
}

/**
 * The entry's exports as the program resolves them; when the program does not hold the entry
 * (a project that imports the package's files by path), as the entry's text declares them.
 */
function exportsOf(own: OwnPackage, { checker, program }: Checked): ExportTable {
  const symbols = new Map<ts.Symbol, PorticoExport>();
  const files = entryFiles(own);
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    for (const exported of module ? checker.getExportsOfModule(module) : []) {
      const name = KNOWN.find((known) => known === exported.name);
      if (name) symbols.set(unalias(exported, checker), name);
    }
  }
  const declared = new Map<string, PorticoExport>();
  if (symbols.size === 0) {
    for (const file of files)
      for (const [key, name] of declaredExports(file, KNOWN)) declared.set(key, name);
  }
  return { symbols, declared };
}

const tables = new WeakMap<ts.Program, Map<string, ExportTable>>();

/** The recognised exports of the copy of this package at `own`, computed once per program. */
function tableFor(own: OwnPackage, checked: Checked): ExportTable {
  const byRoot = tables.get(checked.program) ?? new Map<string, ExportTable>();
  tables.set(checked.program, byRoot);
  const table = byRoot.get(own.root) ?? exportsOf(own, checked);
  byRoot.set(own.root, table);
  return table;
}

function unalias(symbol: ts.Symbol, checker: ts.TypeChecker): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The symbol a name refers to, with import aliases (renamed imports, re-exports) followed. */
export function resolveSymbol(node: ts.Node, checker: ts.TypeChecker): ts.Symbol | undefined {
  const target = ts.isPropertyAccessExpression(node) ? node.name : node;
  const symbol = checker.getSymbolAtLocation(target);
  return symbol && unalias(symbol, checker);
}

/**
 * Which export of this package's entry `node` (an identifier or `ns.Name`) refers to: the symbol
 * it resolves to is the one the entry exports, wherever inside the package it is declared. A
 * same-named export of another package is not ours.
 */
export function porticoExportOf(node: ts.Node, checked: Checked): PorticoExport | undefined {
  const symbol = resolveSymbol(node, checked.checker);
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration) return undefined;
  const file = path.resolve(declaration.getSourceFile().fileName);
  const owner = nearestPackage(path.dirname(file));
  if (!owner || owner.name !== OWN_PACKAGE_NAME) return undefined;
  const { symbols, declared } = tableFor(owner, checked);
  return symbols.get(symbol) ?? declared.get(`${moduleKey(file)}#${symbol.name}`);
}

/** The decorators of a declaration that call an export of this package, with their arguments. */
export function porticoDecorators(
  node: ts.Node,
  checked: Checked,
): { name: PorticoExport; args: readonly ts.Expression[]; node: ts.Decorator }[] {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return decorators.flatMap((decorator) => {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) return [];
    const name = porticoExportOf(call.expression, checked);
    return name ? [{ name, args: call.arguments, node: decorator }] : [];
  });
}
