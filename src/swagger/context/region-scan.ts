import { ts } from 'ts-morph';
import { type Checked, porticoExportOf, resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';
import { CONTEXT_READERS, DYNAMIC_CODE } from './context-readers';
import { codeOf } from './declaration-code';
import { callsItself, handedFunction, unwrap } from './function-values';

/** What one piece of code does for the context reach: why it may read, or the code it may run. */
export interface Scan {
  readonly read?: string;
  readonly next: readonly ts.Node[];
}

/** What scanning needs: the program and its checker, and the overrides of a class member. */
export interface ScanTools extends Checked {
  overrides(member: ts.ClassElement): readonly ts.ClassElement[];
}

const READERS: ReadonlySet<string> = new Set(CONTEXT_READERS);

type CallLike = ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression;

function isCallLike(node: ts.Node): node is CallLike {
  return (
    ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)
  );
}

function calleeOf(node: CallLike): ts.Expression {
  return unwrap(ts.isTaggedTemplateExpression(node) ? node.tag : node.expression);
}

/** Why a reference to `node` may read the context, or the code it may run. */
function scanReference(node: ts.Identifier, tools: ScanTools, next: ts.Node[]): string | undefined {
  const symbol = resolveSymbol(node, tools.checker);
  for (const declaration of symbol?.declarations ?? []) {
    const name = symbol?.name;
    switch (originOf(declaration, tools.program)) {
      case 'portico': {
        const reader = porticoExportOf(node, tools);
        if (reader && READERS.has(reader)) return `it uses ${reader}`;
        break;
      }
      case 'portico-dependent':
        return `it uses ${name}, of a package that depends on portico`;
      case 'ambient':
        if ((symbol?.flags ?? 0) & ts.SymbolFlags.Value)
          return `it uses ${name}, declared without its code`;
        break;
      case 'library':
        if (name !== undefined && DYNAMIC_CODE.has(name)) return `it uses ${name}`;
        break;
      default:
        next.push(...codeOf(declaration, tools.overrides));
    }
  }
  return undefined;
}

const WRITTEN_FUNCTIONS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.ClassDeclaration,
];

/** Why a call may read the context: it calls what the build cannot resolve to written code. */
function scanCall(node: CallLike, tools: ScanTools, next: ts.Node[]): string | undefined {
  const callee = calleeOf(node);
  const text = callee.getText().slice(0, 60);
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return 'it imports a module at run time';
  if (ts.isIdentifier(callee) && callee.text === 'require') {
    const declared = resolveSymbol(callee, tools.checker)?.declarations ?? [];
    if (!declared.some((d) => originOf(d, tools.program) === 'project')) {
      return 'it requires a module at run time';
    }
  }
  if (ts.isElementAccessExpression(callee) && !ts.isLiteralExpression(callee.argumentExpression)) {
    return `it calls ${text}, a method named at run time`;
  }
  const declaration = tools.checker.getResolvedSignature(node)?.declaration;
  if (!declaration) {
    const symbol = resolveSymbol(callee, tools.checker);
    if (ts.isNewExpression(node) && symbol && symbol.flags & ts.SymbolFlags.Class) return undefined;
    return `it calls ${text}, whose function is not known`;
  }
  const origin = originOf(declaration, tools.program);
  if (origin === 'library' || origin === 'portico') {
    const handed = handedFunction(node, callee, tools);
    if (handed !== undefined) return `it hands ${handed}, a function it cannot see, to ${text}`;
  }
  if (origin === 'library') return undefined;
  if (origin === 'portico-dependent')
    return `it calls ${text}, of a package that depends on portico`;
  if (origin === 'ambient') return `it calls ${text}, declared without its code`;
  if (WRITTEN_FUNCTIONS.includes(declaration.kind)) {
    // Also what the identifiers do not name: `obj['method']()`.
    if (origin === 'project') next.push(...codeOf(declaration, tools.overrides));
    return undefined;
  }
  if (
    origin === 'project' &&
    ts.isFunctionLike(declaration) &&
    callsItself(callee, declaration, tools.checker)
  ) {
    return undefined;
  }
  return `it calls ${text} through a function-typed value`;
}

/**
 * Scans `code` (and every function nested in it, which it may call or hand on): why it may read
 * the call context, or else the code it may run, which the caller scans in turn. Types, and code
 * in type positions, run nothing.
 */
export function scanCode(code: ts.Node, tools: ScanTools): Scan {
  const next: ts.Node[] = [];
  let read: string | undefined;
  const visit = (node: ts.Node): void => {
    if (read !== undefined || ts.isTypeNode(node)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node)) read = scanReference(node, tools, next);
    else if (isCallLike(node)) read = scanCall(node, tools, next);
    ts.forEachChild(node, visit);
  };
  visit(code);
  return read === undefined ? { next } : { read, next: [] };
}
