import { ts } from 'ts-morph';
import { resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';
import { codeOf } from './declaration-code';
import { callsItself, unseenAmong, unwrap } from './function-values';
import { type HandOverTools, handOverCall } from './hand-over';

/** A call, a `new`, or a tagged template: code that calls a function. */
export type CallLike = ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression;

/** Whether `node` calls a function. */
export function isCallLike(node: ts.Node): node is CallLike {
  return (
    ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)
  );
}

function calleeOf(node: CallLike): ts.Expression {
  return unwrap(ts.isTaggedTemplateExpression(node) ? node.tag : node.expression);
}

const WRITTEN_FUNCTIONS = [
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.ClassDeclaration,
];

/** Signatures of a type, which hold no code: the function called is a value of that type. */
const TYPE_SIGNATURES = [
  ts.SyntaxKind.FunctionType,
  ts.SyntaxKind.ConstructorType,
  ts.SyntaxKind.CallSignature,
  ts.SyntaxKind.ConstructSignature,
];

/**
 * Whether `callee` is a value of the project (a parameter, a property, a `let`) that may hold a
 * function of the project: a `const` of the project is followed through its initializer instead,
 * and a library's own value (`Map`, a library object's property) holds the library's code.
 */
function isProjectValue(callee: ts.Expression, tools: HandOverTools): boolean {
  const declarations = resolveSymbol(callee, tools.checker)?.declarations ?? [];
  const declaration = declarations.find((d) => originOf(d, tools.program) === 'project');
  if (declaration === undefined) return declarations.length === 0;
  return !(
    ts.isVariableDeclaration(declaration) &&
    (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0 &&
    declaration.initializer !== undefined
  );
}

/** The members that may stand in for the member `callee` names, by shape: why one may read. */
function standInsOf(callee: ts.Expression, tools: HandOverTools, next: ts.Node[]) {
  const name = ts.isElementAccessExpression(callee) ? callee.argumentExpression : callee;
  if (!ts.isPropertyAccessExpression(callee) && name === callee) return undefined;
  const declarations = resolveSymbol(name, tools.checker)?.declarations ?? [];
  const standIns = declarations.flatMap((d) => tools.overrides(d));
  const unseen = unseenAmong(standIns, tools.checker, tools.program);
  if (unseen !== undefined) {
    return `it calls ${callee.getText().slice(0, 60)}, for which ${unseen}, a function it cannot see, may stand`;
  }
  next.push(...standIns.flatMap((o) => codeOf(o, () => [])));
  return undefined;
}

/** Why a call into code outside the project may read the context (or the code it may call). */
function scanOutside(node: CallLike, callee: ts.Expression, tools: HandOverTools, next: ts.Node[]) {
  const declaration = tools.checker.getResolvedSignature(node)?.declaration;
  if (declaration && TYPE_SIGNATURES.includes(declaration.kind) && isProjectValue(callee, tools)) {
    return `it calls ${callee.getText().slice(0, 60)} through a function-typed value`;
  }
  return handOverCall(node, callee, tools, next);
}

/** Why a call may read the context: it calls what the build cannot resolve to written code. */
export function scanCall(
  node: CallLike,
  tools: HandOverTools,
  next: ts.Node[],
): string | undefined {
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
  const standIn = standInsOf(callee, tools, next);
  if (standIn !== undefined) return standIn;
  const symbol = resolveSymbol(callee, tools.checker);
  const declaration =
    tools.checker.getResolvedSignature(node)?.declaration ??
    (ts.isNewExpression(node) && symbol && symbol.flags & ts.SymbolFlags.Class
      ? symbol.valueDeclaration
      : undefined);
  if (!declaration) return `it calls ${text}, whose function is not known`;
  const origin = originOf(declaration, tools.program);
  if (origin === 'library') return scanOutside(node, callee, tools, next);
  if (origin === 'portico') {
    const handed = handOverCall(node, callee, tools, next);
    if (handed !== undefined) return handed;
  }
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
