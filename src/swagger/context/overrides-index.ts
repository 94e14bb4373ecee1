import { ts } from 'ts-morph';
import { resolveSymbol } from '../extract/portico-symbols';

/** The name of a member (of a class, a type or an object literal), as written. */
export function memberName(member: ts.Node): string | undefined {
  const { name } = member as { name?: ts.Node };
  if (!name) return undefined;
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)
    ? name.text
    : name.getText();
}

function baseOf(node: ts.ClassLikeDeclaration, checker: ts.TypeChecker): ts.Node | undefined {
  const extended = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  const expression = extended?.types[0]?.expression;
  return expression && resolveSymbol(expression, checker)?.valueDeclaration;
}

/**
 * For the classes of a project's files: the members that override a member, in every class
 * that extends its class directly or not. A call of a method may run any of them.
 */
export function overridesIndex(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): (member: ts.Node) => readonly ts.ClassElement[] {
  const derived = new Map<ts.Node, ts.ClassLikeDeclaration[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const base = baseOf(node, checker);
      if (base) derived.set(base, [...(derived.get(base) ?? []), node]);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  // A class that extends itself, directly or not, is a compile error; it must not loop here.
  const below = (owner: ts.Node, seen = new Set<ts.Node>()): ts.ClassLikeDeclaration[] =>
    (derived.get(owner) ?? [])
      .filter((sub) => !seen.has(sub) && seen.add(sub))
      .flatMap((sub) => [sub, ...below(sub, seen)]);
  return (member) => {
    const name = memberName(member);
    if (name === undefined || derived.size === 0) return [];
    return below(member.parent).flatMap((sub) =>
      sub.members.filter((other) => memberName(other) === name),
    );
  };
}
