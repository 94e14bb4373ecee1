import { ts } from 'ts-morph';
import { type CodeOrigin, originOf } from './code-origin';
import { isValueOfUnseenCode, unwrap } from './function-values';

const SILENT: ReadonlySet<CodeOrigin> = new Set(['library', 'portico']);

/** What a value handed to code outside the project lets that code run of the project's. */
export interface HandedCode {
  /** Why it may read: a method of the value whose code the build cannot see. */
  readonly unseen?: string;
  /** The declarations of the project's methods and function-valued properties it carries. */
  readonly members: readonly ts.Node[];
}

function isFunctionValued(symbol: ts.Symbol, type: ts.Type, checker: ts.TypeChecker): boolean {
  if (symbol.flags & ts.SymbolFlags.Method) return true;
  const value = checker.getNonNullableType(type);
  return (value.isUnion() ? value.types : [value]).some((t) => t.getCallSignatures().length > 0);
}

/** Whether a function-valued member's declaration holds code the build follows. */
function hasCode(declaration: ts.Node, checker: ts.TypeChecker, program: ts.Program): boolean {
  // An abstract method, or an overload, runs the code of its overrides and implementation.
  if (ts.isMethodDeclaration(declaration)) return true;
  if (ts.isPropertyDeclaration(declaration) || ts.isPropertyAssignment(declaration)) {
    const { initializer } = declaration;
    return initializer !== undefined && !isValueOfUnseenCode(initializer, checker, program);
  }
  return (
    ts.isShorthandPropertyAssignment(declaration) &&
    !isValueOfUnseenCode(declaration.name, checker, program)
  );
}

/**
 * The project's code that a library may call on `value` (docs/design-context.md): the methods and
 * function-valued properties, declared in the project, of its type and of the types it holds
 * (properties of the project's, elements, type arguments, what its functions return). A library
 * may call any of them by a name of its own protocol (a plugin's `handle`).
 */
export function handedCode(
  value: ts.Expression,
  checker: ts.TypeChecker,
  program: ts.Program,
): HandedCode {
  const seen = new Set<ts.Type>();
  const members: ts.Node[] = [];
  let unseen: string | undefined;
  const visit = (type: ts.Type): void => {
    if (unseen !== undefined || seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) type.types.forEach(visit);
    if (type.flags & ts.TypeFlags.Object)
      checker.getTypeArguments(type as ts.TypeReference).forEach(visit);
    for (const info of checker.getIndexInfosOfType(type)) visit(info.type);
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      visit(signature.getReturnType());
    }
    for (const property of checker.getPropertiesOfType(checker.getApparentType(type))) {
      // Libraries' and portico's own members read nothing (portico's readers are functions).
      const own = (property.declarations ?? []).filter((d) => !SILENT.has(originOf(d, program)));
      if (own.length === 0) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      const written = own.every((d) => originOf(d, program) === 'project');
      if (!isFunctionValued(property, propertyType, checker)) visit(propertyType);
      else if (written && own.every((d) => hasCode(d, checker, program))) members.push(...own);
      else unseen = property.name;
    }
  };
  const node = unwrap(ts.isSpreadElement(value) ? value.expression : value);
  visit(checker.getTypeAtLocation(node));
  return { unseen, members };
}
