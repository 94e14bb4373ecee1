import { builtinModules } from 'node:module';
import { ts } from 'ts-morph';
import { type Checked, porticoExportOf, resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';
import { CONTEXT_READERS, DYNAMIC_CODE } from './context-readers';
import { implicitCode } from './implicit-calls';
import { overridesIndex } from './overrides-index';
import { type Scan, type ScanTools, scanCode } from './region-scan';
import { standInsIndex } from './stand-ins';

const READERS: ReadonlySet<string> = new Set(CONTEXT_READERS);
const BUILTINS: ReadonlySet<string> = new Set(builtinModules);

/** Whether an import binding names a context reader, all of portico, or a package on portico. */
function importsReader(name: ts.Identifier, checked: Checked, whole: boolean): boolean {
  const symbol = resolveSymbol(name, checked.checker);
  return (symbol?.declarations ?? []).some((declaration) => {
    const origin = originOf(declaration, checked.program);
    if (origin === 'portico-dependent') return true;
    if (origin !== 'portico') return false;
    const reader = porticoExportOf(name, checked);
    return whole || (reader !== undefined && READERS.has(reader));
  });
}

function isDynamicCode(node: ts.Node): boolean {
  if (ts.isIdentifier(node)) return DYNAMIC_CODE.has(node.text);
  if (!ts.isCallExpression(node)) return false;
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (!ts.isIdentifier(node.expression) || node.expression.text !== 'require') return false;
  const [what] = node.arguments;
  return !(what && ts.isStringLiteral(what) && BUILTINS.has(what.text.replace(/^node:/, '')));
}

/**
 * Whether the project may reach a context reader at all: it imports one (or portico as a
 * namespace, or a package that depends on portico), or runs code it does not import (`eval`,
 * `require` of a package, `import()`). Most programs do neither: then no method reads it.
 */
function mayReachReaders(files: readonly ts.SourceFile[], checked: Checked): boolean {
  const visit = (node: ts.Node): boolean => {
    if (ts.isImportEqualsDeclaration(node)) return importsReader(node.name, checked, true);
    if (ts.isNamespaceImport(node) || ts.isImportClause(node)) {
      if (node.name && importsReader(node.name, checked, true)) return true;
    }
    if (ts.isImportSpecifier(node) && importsReader(node.name, checked, false)) return true;
    return isDynamicCode(node) || ts.forEachChild(node, visit) === true;
  };
  return files.some(visit);
}

/**
 * The decorators of a method and of its class: a decorator may replace the method with a function
 * of its own, which the runtime then calls instead.
 */
function decoratorsOf(method: ts.MethodDeclaration): ts.Node[] {
  const own = ts.getDecorators(method) ?? [];
  const owner = ts.canHaveDecorators(method.parent) ? (ts.getDecorators(method.parent) ?? []) : [];
  return [...own, ...owner];
}

/**
 * Decides, for the contract, which remote methods may read their call context
 * (docs/design-context.md): returns for a method why it may, or `undefined` when no code it can
 * reach reads it. Conservative: what the build cannot resolve counts as a read.
 */
export function createContextReach(
  checked: Checked,
  sources: readonly ts.SourceFile[],
): (method: ts.MethodDeclaration) => string | undefined {
  // With `paths` to portico's source, its files are in the program: they are not the project's.
  const files = sources.filter((file) => originOf(file, checked.program) === 'project');
  const scans = new Map<ts.Node, Scan>();
  const below = overridesIndex(files, checked.checker);
  const standIns = standInsIndex(files, checked.checker);
  const overrides = (member: ts.Node) => [...below(member), ...standIns(member)];
  const tools: ScanTools = { ...checked, overrides };
  const reach = (start: readonly ts.Node[]): string | undefined => {
    const seen = new Set<ts.Node>(start);
    const queue = [...start];
    for (let code = queue.pop(); code !== undefined; code = queue.pop()) {
      const scan = scans.get(code) ?? scanCode(code, tools);
      scans.set(code, scan);
      if (scan.read !== undefined) return scan.read;
      for (const next of scan.next) if (!seen.has(next) && seen.add(next)) queue.push(next);
    }
    return undefined;
  };
  let anywhere: string | null | undefined;
  const implicit = (): string | undefined => {
    if (anywhere === undefined) {
      const why = reach(implicitCode(files));
      anywhere = why === undefined ? null : `${why}, in code that may run from any method`;
    }
    return anywhere ?? undefined;
  };
  const mayReach = mayReachReaders(files, checked);
  return (method) => {
    if (!mayReach || !method.body) return undefined;
    return implicit() ?? reach([method.body, ...decoratorsOf(method)]);
  };
}
