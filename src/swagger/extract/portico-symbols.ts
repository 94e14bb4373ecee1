import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

/** The exports of this package's entry that the generator recognises. */
const KNOWN = [
  'Api',
  'RemoteService',
  'Alias',
  'ApiOperation',
  'RemoteMethod',
  'Field',
  'Int',
  'Double',
  'nativeApp',
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

/** The recognised exports of one copy of this package, by the symbol each one resolves to. */
function exportsOf(own: OwnPackage, { checker, program }: Checked): Map<ts.Symbol, PorticoExport> {
  const table = new Map<ts.Symbol, PorticoExport>();
  for (const file of entryFiles(own)) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    for (const exported of module ? checker.getExportsOfModule(module) : []) {
      const name = KNOWN.find((known) => known === exported.name);
      if (name) table.set(unalias(exported, checker), name);
    }
  }
  return table;
}

const tables = new WeakMap<ts.Program, Map<string, Map<ts.Symbol, PorticoExport>>>();

/** The recognised exports of the copy of this package at `own`, computed once per program. */
function tableFor(own: OwnPackage, checked: Checked): Map<ts.Symbol, PorticoExport> {
  const byRoot = tables.get(checked.program) ?? new Map<string, Map<ts.Symbol, PorticoExport>>();
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
  return tableFor(owner, checked).get(symbol);
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
