import { ts } from 'ts-morph';
import { IMPLICIT_METHODS } from './context-readers';

/** Whether a member's code runs without its name written at the call (see IMPLICIT_METHODS). */
function isImplicit(node: ts.Node): boolean {
  if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) return true;
  if (!ts.isMethodDeclaration(node)) return false;
  const { name } = node;
  return (
    ts.isComputedPropertyName(name) || (ts.isIdentifier(name) && IMPLICIT_METHODS.has(name.text))
  );
}

/**
 * The code of a project's files that may run from inside any method with no call written there:
 * accessors (run by spreads and destructuring too), the methods the language calls by protocol,
 * and what module code hands to a library (an event listener, a timer, a proxy's traps), which
 * the library may call while a method runs.
 */
export function implicitCode(files: readonly ts.SourceFile[]): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node, topLevel: boolean): void => {
    if (isImplicit(node)) found.push(node);
    if (topLevel && (ts.isCallExpression(node) || ts.isNewExpression(node))) {
      found.push(...(node.arguments ?? []));
    }
    const inside = topLevel && !ts.isFunctionLike(node);
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  for (const file of files) visit(file, true);
  return found.map((node) =>
    ts.isFunctionLike(node) ? ((node as { body?: ts.Node }).body ?? node) : node,
  );
}
