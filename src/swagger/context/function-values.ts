import { ts } from 'ts-morph';
import { resolveSymbol } from '../extract/portico-symbols';
import { originOf } from './code-origin';

/** The function methods that call the function they are called on: `f.call(…)`, `f.apply(…)`. */
const CALLING_METHODS: ReadonlySet<string> = new Set(['call', 'apply', 'bind']);

function isFunctionTyped(type: ts.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => member.getCallSignatures().length > 0);
}

/** Whether `declaration` is a function written in the project, which the reach follows by name. */
function isWritten(declaration: ts.Node, program: ts.Program): boolean {
  if (originOf(declaration, program) !== 'project') return false;
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return true;
  const initializer = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  const isConst = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
  return (
    isConst &&
    initializer !== undefined &&
    (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
  );
}

/** Whether `given` is a function value whose code the build cannot tell (a parameter, a `let`). */
export function isValueOfUnseenCode(
  given: ts.Expression,
  checker: ts.TypeChecker,
  program: ts.Program,
) {
  const node = unwrap(given);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  if (!isFunctionTyped(checker.getNonNullableType(checker.getTypeAtLocation(node)))) return false;
  const declarations = resolveSymbol(node, checker)?.declarations ?? [];
  return declarations.length === 0 || !declarations.every((d) => isWritten(d, program));
}

/**
 * A function value that a call into code outside the project (a library's, portico's) receives,
 * and may call, when the build cannot tell which function it is: an argument (`items.forEach(f)`
 * with `f` a parameter), or the function of `f.call(…)`. A function written there, or named by a
 * declaration of the project, is followed where it is written instead.
 */
export function handedFunction(
  node: ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression,
  callee: ts.Expression,
  { checker, program }: { checker: ts.TypeChecker; program: ts.Program },
): string | undefined {
  const handed = ts.isTaggedTemplateExpression(node) ? [] : [...(node.arguments ?? [])];
  if (ts.isPropertyAccessExpression(callee) && CALLING_METHODS.has(callee.name.text)) {
    handed.push(callee.expression);
  }
  const found = handed.find((value) => isValueOfUnseenCode(value, checker, program));
  return found?.getText().slice(0, 60);
}

/**
 * The name of the first of `members` (stand-ins, overrides) whose value is a function the build
 * cannot see: `{ find: f }` with `f` a parameter, `{ find }`, `find = this.f`.
 */
export function unseenAmong(
  members: readonly ts.Node[],
  checker: ts.TypeChecker,
  program: ts.Program,
): string | undefined {
  const heldBy = (member: ts.Node): ts.Expression | undefined => {
    if (ts.isShorthandPropertyAssignment(member)) return member.name;
    if (ts.isPropertyAssignment(member) || ts.isPropertyDeclaration(member)) {
      return member.initializer;
    }
    return undefined;
  };
  const found = members.find((member) => {
    const value = heldBy(member);
    return value !== undefined && isValueOfUnseenCode(value, checker, program);
  });
  return found && (found as { name?: ts.Node }).name?.getText();
}

/** An expression without the parentheses and type assertions around it. */
export function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Whether a call of the function value `fn` through `callee` calls that very function. */
export function callsItself(callee: ts.Expression, fn: ts.Node, checker: ts.TypeChecker): boolean {
  if (callee === fn) return true;
  const declaration = ts.isIdentifier(callee)
    ? resolveSymbol(callee, checker)?.valueDeclaration
    : undefined;
  return (
    declaration !== undefined &&
    ts.isVariableDeclaration(declaration) &&
    (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0 &&
    declaration.initializer !== undefined &&
    unwrap(declaration.initializer) === fn
  );
}
