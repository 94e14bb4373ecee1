import { ts } from 'ts-morph';
import { microserviceNameFault } from '../../protocol/microservice-name';
import { type Diagnostic } from '../model';
import { type Checked, porticoExportOf, resolveSymbol } from './portico-symbols';
import { locationOf, propertyOf, staticStringOf } from './source-text';

/** Which microservices deploy each service class: `nativeApp({ name, services: [...] })`. */
export type Deployments = ReadonlyMap<ts.ClassDeclaration, readonly string[]>;

/** The class that a `services` entry (`MultiplierService` or `new MultiplierService()`) names. */
function classOfEntry(entry: ts.Expression, checker: ts.TypeChecker) {
  const target = ts.isNewExpression(entry) ? entry.expression : entry;
  const symbol = resolveSymbol(target, checker);
  return symbol?.declarations?.find(ts.isClassDeclaration);
}

function readNativeApp(
  call: ts.CallExpression,
  checker: ts.TypeChecker,
  report: (diagnostic: Diagnostic) => void,
): { name: string; classes: ts.ClassDeclaration[] } | undefined {
  const [definition] = call.arguments;
  const name = staticStringOf(propertyOf(definition, 'name'), checker);
  const services = propertyOf(definition, 'services');
  if (name === undefined || !services || !ts.isArrayLiteralExpression(services)) {
    report({
      severity: 'warning',
      message:
        'this nativeApp has no literal name and services list, so its services get no microservice name (give --microservice)',
      location: locationOf(call),
    });
    return undefined;
  }
  const fault = microserviceNameFault(name);
  if (fault) {
    report({
      severity: 'error',
      message: `${fault}; portico start refuses it`,
      location: locationOf(call),
    });
  }
  const classes: ts.ClassDeclaration[] = [];
  for (const entry of services.elements) {
    const declaration = classOfEntry(entry, checker);
    if (declaration) classes.push(declaration);
    else {
      report({
        severity: 'warning',
        message: `cannot tell which class \`${entry.getText()}\` is; it is left out of microservice ${name}`,
        location: locationOf(entry),
      });
    }
  }
  return { name, classes };
}

function isNativeAppCall(node: ts.Node, checked: Checked): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    node.arguments.length === 1 &&
    porticoExportOf(node.expression, checked) === 'nativeApp'
  );
}

/**
 * Whether some `nativeApp(...)` of the project may skip undeclared fields instead of refusing
 * them: its `ignoreUnknownFields` is set to anything but `false`, or its definition is not a
 * literal the generator can read.
 */
export function mayIgnoreUnknownFields(files: readonly ts.SourceFile[], checked: Checked): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (isNativeAppCall(node, checked)) {
      const [definition] = node.arguments;
      const flag = propertyOf(definition, 'ignoreUnknownFields');
      const literal = definition && ts.isObjectLiteralExpression(definition);
      if (!literal || (flag && flag.kind !== ts.SyntaxKind.FalseKeyword)) found = true;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return found;
}

/** Finds every `nativeApp(...)` call of this package in the given files. */
export function findDeployments(
  files: readonly ts.SourceFile[],
  checked: Checked,
  report: (diagnostic: Diagnostic) => void,
): Deployments {
  const { checker } = checked;
  const deployments = new Map<ts.ClassDeclaration, string[]>();
  const visit = (node: ts.Node): void => {
    if (isNativeAppCall(node, checked) && propertyOf(node.arguments[0], 'services') !== undefined) {
      const app = readNativeApp(node, checker, report);
      for (const declaration of app?.classes ?? []) {
        const names = deployments.get(declaration) ?? [];
        if (app && !names.includes(app.name)) deployments.set(declaration, [...names, app.name]);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return deployments;
}
