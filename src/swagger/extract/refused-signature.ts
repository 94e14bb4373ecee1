import { ts } from 'ts-morph';
import { type Converter } from './converter';
import { locationOf } from './source-text';

/** True when the class declares other signatures of the method: overloads are not allowed. */
function isOverloaded(method: ts.MethodDeclaration, name: string): boolean {
  const siblings: readonly ts.Node[] = ts.isClassLike(method.parent)
    ? method.parent.members
    : method.parent.properties;
  return siblings.some(
    (member) =>
      member !== method && ts.isMethodDeclaration(member) && member.name.getText() === name,
  );
}

/** The message of a rest parameter, which no call can fill as its type says. */
function restMessage(label: string, rest: ts.ParameterDeclaration): string {
  const name = rest.name.getText();
  const type = rest.type ? rest.type.getText() : 'an array';
  const why = `${label}(...${name}) is a rest parameter, which the runtime fills with one argument: a call gives the method one body (ROA) or an array with an item per parameter (RMC), so`;
  if (ts.isIdentifier(rest.name)) {
    return `${why} ${name} would be an array that holds the whole array where its type says ${type}; write ${name}: ${type}, a parameter that takes the array`;
  }
  // A pattern (`...[a, b]: [string, number]`) is no name to write the fix with.
  return `${why} the pattern ${name} would take apart an array that holds the whole array where its type says ${type}; write a parameter per item, or args: ${type}, a parameter that takes the array`;
}

/**
 * Reports, as an error at the method, a signature no call can reach as written: an overloaded
 * method, or one with a rest parameter (`...xs: number[]`), which would receive the array it is
 * sent as its one item. True when the method is refused.
 */
export function refusedSignature(
  converter: Converter,
  method: ts.MethodDeclaration,
  label: string,
): boolean {
  if (isOverloaded(method, method.name.getText())) {
    converter.report({
      severity: 'error',
      message: `${label} is overloaded; a remote method has one signature, so give each its own name`,
      location: locationOf(method.name),
    });
    return true;
  }
  const rest = method.parameters.find((p) => p.dotDotDotToken !== undefined);
  if (!rest) return false;
  converter.report({
    severity: 'error',
    message: restMessage(label, rest),
    location: locationOf(rest),
  });
  return true;
}
