import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

/** The exports of this package that the generator recognises, by the module declaring them. */
const KNOWN = {
  'src/decorators/service': ['Api', 'RemoteService', 'Alias'],
  'src/decorators/method': ['ApiOperation', 'RemoteMethod'],
  'src/decorators/field': ['Field'],
  'src/decorators/types': ['Int', 'Double'],
  'src/microservices': ['nativeApp'],
} as const;

/** A recognised export of this package. */
export type PorticoExport = (typeof KNOWN)[keyof typeof KNOWN][number];

const BY_KEY = new Map<string, PorticoExport>(
  Object.entries(KNOWN).flatMap(([module, names]) =>
    names.map((name): [string, PorticoExport] => [`${module}#${name}`, name]),
  ),
);

const packageNames = new Map<string, string | undefined>();

/** The `name` of the nearest package.json at or above `dir`, and its directory. */
function nearestPackage(dir: string): { root: string; name: string | undefined } | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const file = path.join(current, 'package.json');
    if (!packageNames.has(current) && existsSync(file)) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown };
      packageNames.set(current, typeof parsed.name === 'string' ? parsed.name : undefined);
    }
    if (packageNames.has(current)) return { root: current, name: packageNames.get(current) };
    if (path.dirname(current) === current) return undefined;
  }
}

/** The name this package is published under, read from its own package.json. */
export const OWN_PACKAGE_NAME: string = nearestPackage(__dirname)?.name ?? 'portico';

/** `dist/src/decorators/method.d.ts` → `src/decorators/method`. */
function moduleKey(file: string, root: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return relative.replace(/^dist\//, '').replace(/(\.d)?\.[cm]?[jt]s$/, '');
}

/** The symbol a name refers to, with import aliases (renamed imports, re-exports) followed. */
export function resolveSymbol(node: ts.Node, checker: ts.TypeChecker): ts.Symbol | undefined {
  const target = ts.isPropertyAccessExpression(node) ? node.name : node;
  const symbol = checker.getSymbolAtLocation(target);
  if (!symbol) return undefined;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * Which export of this package `node` (an identifier or `ns.Name`) refers to, decided by where
 * its symbol is declared: a same-named export of another package is not ours.
 */
export function porticoExportOf(node: ts.Node, checker: ts.TypeChecker): PorticoExport | undefined {
  const symbol = resolveSymbol(node, checker);
  const declaration = symbol?.declarations?.[0];
  if (!symbol || !declaration) return undefined;
  const file = path.resolve(declaration.getSourceFile().fileName);
  const owner = nearestPackage(path.dirname(file));
  if (!owner || owner.name !== OWN_PACKAGE_NAME) return undefined;
  return BY_KEY.get(`${moduleKey(file, owner.root)}#${symbol.name}`);
}

/** The decorators of a declaration that call an export of this package, with their arguments. */
export function porticoDecorators(
  node: ts.Node,
  checker: ts.TypeChecker,
): { name: PorticoExport; args: readonly ts.Expression[]; node: ts.Decorator }[] {
  const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return decorators.flatMap((decorator) => {
    const call = decorator.expression;
    if (!ts.isCallExpression(call)) return [];
    const name = porticoExportOf(call.expression, checker);
    return name ? [{ name, args: call.arguments, node: decorator }] : [];
  });
}
