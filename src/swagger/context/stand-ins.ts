import { ts } from 'ts-morph';
import { memberName } from './overrides-index';

/** A member written in the project that a value of another type may carry in its place. */
type Written = ts.ObjectLiteralElementLike | ts.ClassElement;

function isCarried(node: ts.Node): node is Written {
  return (
    ts.isMethodDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node)
  );
}

/** Whether `type` names a type parameter (or `this`), whose instances assignability cannot see. */
function isGeneric(type: ts.Type, checker: ts.TypeChecker, depth = 0): boolean {
  if (depth > 4) return true;
  if (type.flags & ts.TypeFlags.TypeParameter) return true;
  const parts = type.isUnionOrIntersection() ? type.types : [];
  const args =
    type.flags & ts.TypeFlags.Object ? checker.getTypeArguments(type as ts.TypeReference) : [];
  const returns = type
    .getCallSignatures()
    .flatMap((s) => [
      s.getReturnType(),
      ...s.getParameters().map((p) => checker.getTypeOfSymbol(p)),
    ]);
  const generic = type.getCallSignatures().some((s) => (s.getTypeParameters()?.length ?? 0) > 0);
  return generic || [...parts, ...args, ...returns].some((t) => isGeneric(t, checker, depth + 1));
}

function typeOfMember(node: ts.Node, checker: ts.TypeChecker): ts.Type | undefined {
  const name = (node as { name?: ts.Node }).name;
  const symbol = name && checker.getSymbolAtLocation(name);
  return symbol && checker.getTypeOfSymbol(symbol);
}

/** The declarations whose code a member stands for (a shorthand `{ find }` names its value's). */
function standing(member: Written, checker: ts.TypeChecker): ts.Node[] {
  if (!ts.isShorthandPropertyAssignment(member)) return [member];
  const value = checker.getShorthandAssignmentValueSymbol(member);
  const target =
    value && value.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(value) : value;
  return target?.declarations ?? [];
}

/**
 * For a member of a class or of a type (the project's or a library's): the members of the
 * project's object literals and classes, under the same name, whose type is assignable to it.
 * TypeScript types by shape, so a call through the type may run any of them (`const repo: Repo =
 * { find() {…} }`, `class B implements A`). Where the member's type is generic, the name decides.
 */
export function standInsIndex(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): (member: ts.Node) => readonly ts.Node[] {
  const byName = new Map<string, Written[]>();
  const visit = (node: ts.Node): void => {
    if (
      isCarried(node) &&
      (ts.isObjectLiteralExpression(node.parent) || ts.isClassLike(node.parent))
    ) {
      const name = memberName(node);
      if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), node]);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  const known = new Map<ts.Node, readonly ts.Node[]>();
  const find = (member: ts.Node): readonly ts.Node[] => {
    const name = memberName(member);
    const candidates = (name !== undefined && byName.get(name)) || [];
    if (candidates.length === 0) return [];
    const target = typeOfMember(member, checker);
    const byShape = target !== undefined && !isGeneric(target, checker);
    return candidates
      .filter((c) => c !== member)
      .filter((c) => {
        const type = byShape && typeOfMember(c, checker);
        return !type || checker.isTypeAssignableTo(type, target as ts.Type);
      })
      .flatMap((c) => standing(c, checker));
  };
  return (member) => {
    const found = known.get(member) ?? find(member);
    known.set(member, found);
    return found;
  };
}
