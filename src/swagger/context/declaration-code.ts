import { ts } from 'ts-morph';

/** A function-like declaration with a body of code: what a call of it runs. */
export type CodeFunction =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

/** Whether `node` is a function, method, accessor or constructor written with its body. */
export function isCodeFunction(node: ts.Node): node is CodeFunction {
  return ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined;
}

/** The code a class runs when it is constructed: its constructor, field initializers, `extends`. */
function constructionOf(node: ts.ClassLikeDeclaration): ts.Node[] {
  const code: ts.Node[] = [];
  for (const clause of node.heritageClauses ?? []) {
    if (clause.token === ts.SyntaxKind.ExtendsKeyword)
      code.push(...clause.types.map((t) => t.expression));
  }
  for (const member of node.members) {
    const isStatic = ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static;
    if (ts.isConstructorDeclaration(member) && member.body) code.push(member.body);
    if (ts.isPropertyDeclaration(member) && member.initializer && !isStatic) {
      code.push(member.initializer);
    }
  }
  return code;
}

/**
 * The code that a reference to `declaration` may run, conservatively: a function's or accessor's
 * body (and those of the methods that override it, `overrides`), a variable's or a property's
 * initializer (the value it is read for may be a function that is then called), a class's
 * construction. Declarations that hold no code (parameters, types, enum members) run none.
 */
export function codeOf(
  declaration: ts.Node,
  overrides: (member: ts.Node) => readonly ts.Node[],
): ts.Node[] {
  if (ts.isClassDeclaration(declaration) || ts.isClassExpression(declaration)) {
    return constructionOf(declaration);
  }
  if (
    ts.isMethodDeclaration(declaration) ||
    ts.isGetAccessorDeclaration(declaration) ||
    ts.isSetAccessorDeclaration(declaration)
  ) {
    const own = declaration.body ? [declaration.body] : [];
    return [...own, ...overrides(declaration).flatMap((o) => codeOf(o, () => []))];
  }
  if (isCodeFunction(declaration)) return [declaration.body as ts.Node];
  if (
    ts.isVariableDeclaration(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isPropertyAssignment(declaration)
  ) {
    return declaration.initializer ? [declaration.initializer] : [];
  }
  return [];
}
