import { ts } from 'ts-morph';
import { resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';
import { codeOf } from './declaration-code';
import { callsItself, unwrap } from './function-values';
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

/** Whether `callee` is a `const` of the project, whose initializer the reach follows. */
function isFollowedConst(callee: ts.Expression, tools: HandOverTools): boolean {
  const declaration = resolveSymbol(callee, tools.checker)?.valueDeclaration;
  return (
    declaration !== undefined &&
    ts.isVariableDeclaration(declaration) &&
    (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0 &&
    declaration.initializer !== undefined &&
    originOf(declaration, tools.program) === 'project'
  );
}

/** The members of the project that may stand in for the member `callee` names (by shape). */
function standInsOf(callee: ts.Expression, tools: HandOverTools): ts.Node[] {
  if (!ts.isPropertyAccessExpression(callee)) return [];
  const declarations = resolveSymbol(callee, tools.checker)?.declarations ?? [];
  return declarations.flatMap((d) => tools.overrides(d).flatMap((o) => codeOf(o, () => [])));
}

/** Why a call into code outside the project may read the context (or the code it may call). */
function scanOutside(node: CallLike, callee: ts.Expression, tools: HandOverTools, next: ts.Node[]) {
  const declaration = tools.checker.getResolvedSignature(node)?.declaration;
  if (
    declaration &&
    TYPE_SIGNATURES.includes(declaration.kind) &&
    !isFollowedConst(callee, tools)
  ) {
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
  next.push(...standInsOf(callee, tools));
  const symbol = resolveSymbol(callee, tools.checker);
  const declaration =
    tools.checker.getResolvedSignature(node)?.declaration ??
    (ts.isNewExpression(node) && symbol && symbol.flags & ts.SymbolFlags.Class
      ? symbol.valueDeclaration
      : undefined);
  if (!declaration) return `it calls ${text}, whose function is not known`;
  const origin = originOf(declaration, tools.program);
  if (origin === 'library' || origin === 'portico') return scanOutside(node, callee, tools, next);
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
