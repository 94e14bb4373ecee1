import { ts } from 'ts-morph';
import { type Converter } from './converter';
import { porticoDecorators } from './portico-symbols';
import { locationOf } from './source-text';

/**
 * The declared classes an `extends` expression names: `X`, `X<A>`, and the classes given to a
 * mixin (`Timestamped(Base)`, `A(B(Base<string>))`), whose class extends its argument.
 */
function classesIn(checker: ts.TypeChecker, expression: ts.Expression): ts.ClassDeclaration[] {
  if (ts.isCallExpression(expression)) {
    return expression.arguments.flatMap((argument) => classesIn(checker, argument));
  }
  if (ts.isExpressionWithTypeArguments(expression) || ts.isParenthesizedExpression(expression)) {
    return classesIn(checker, expression.expression);
  }
  let symbol = checker.getSymbolAtLocation(expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.filter(ts.isClassDeclaration) ?? [];
}

/** The classes a class's `extends` clause names, as {@link classesIn} finds them. */
function parentsOf(checker: ts.TypeChecker, node: ts.ClassLikeDeclaration) {
  const clause = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword);
  const expression = clause?.types[0]?.expression;
  return expression ? classesIn(checker, expression) : [];
}

/** Whether `node` extends `base`, directly, through classes between them, or through mixins. */
function extendsClass(checker: ts.TypeChecker, node: ts.ClassDeclaration, base: ts.Node): boolean {
  const seen = new Set<ts.Node>();
  const pending = parentsOf(checker, node);
  for (let parent = pending.pop(); parent; parent = pending.pop()) {
    if (parent === base) return true;
    if (seen.has(parent)) continue;
    seen.add(parent);
    pending.push(...parentsOf(checker, parent));
  }
  return false;
}

/**
 * The `@RemoteService` classes of the project that extend `base`: those that inherit `name`, and
 * those that declare a method of that name themselves.
 */
function servicesBelow(converter: Converter, base: ts.ClassDeclaration, name: string) {
  const found = { inheriting: [] as ts.ClassDeclaration[], declaring: [] as ts.ClassDeclaration[] };
  const visit = (node: ts.Node): void => {
    if (
      ts.isClassDeclaration(node) &&
      node.name &&
      porticoDecorators(node, converter).some((d) => d.name === 'RemoteService') &&
      extendsClass(converter.checker, node, base)
    ) {
      const own = node.members.some((m) => m.name?.getText() === name);
      found[own ? 'declaring' : 'inheriting'].push(node);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of converter.program.getSourceFiles()) {
    if (!file.isDeclarationFile && !file.fileName.includes('/node_modules/')) visit(file);
  }
  return found;
}

/**
 * The method to declare in `service` so that it serves `name` as inherited: the signature with the
 * type arguments `service` gives its parents (`get(id: string): Promise<Product | null>`).
 */
function overrideIn(converter: Converter, service: ts.ClassDeclaration, name: string) {
  const { checker } = converter;
  const symbol = service.name && checker.getSymbolAtLocation(service.name);
  const member = symbol && checker.getDeclaredTypeOfSymbol(symbol).getProperty(name);
  const signature =
    member && checker.getTypeOfSymbolAtLocation(member, service).getCallSignatures()[0];
  // A destructured parameter has no name to pass on to super (`__0`): the user writes one.
  const named = signature?.parameters.every((p) => {
    const declaration = p.valueDeclaration;
    return !declaration || !ts.isParameter(declaration) || ts.isIdentifier(declaration.name);
  });
  if (!signature || !named) return `override ${name}(…) { return super.${name}(…); }`;
  const written = checker.signatureToString(signature, service, ts.TypeFormatFlags.NoTruncation);
  const args = signature.parameters.map((p) => p.name).join(', ');
  return `override ${name}${written} { return super.${name}(${args}); }`;
}

/**
 * Warns for each method marked remote on a class without `@RemoteService` (or, `undeployed`, on one
 * that no nativeApp deploys, where a class below it inherits the method): the server serves only
 * the methods a `@RemoteService` class declares itself, never those it inherits (docs/design.md
 * §6), so such a method is neither called nor described. Where `@RemoteService` classes inherit
 * it, the warning names the method to declare in each, with its type arguments in place.
 */
export function checkUnservedMethods(
  converter: Converter,
  node: ts.ClassDeclaration,
  undeployed = false,
): void {
  for (const member of node.members) {
    if (!ts.isMethodDeclaration(member)) continue;
    const remote = porticoDecorators(member, converter).filter(
      (d) => d.name === 'ApiOperation' || d.name === 'RemoteMethod',
    );
    if (remote.length === 0) continue;
    const name = member.name.getText();
    const where = `${node.name?.text ?? 'a class'}.${name}`;
    // Each of them, written out on one line: @ApiOperation describes it, @RemoteMethod may bind it.
    const decorators = remote.map((d) => d.node.getText().replace(/\s*\n\s*/g, ' ')).join(' ');
    const named = remote.map((d) => `@${d.name}`).join(' and ');
    const { inheriting, declaring } = servicesBelow(converter, node, name);
    const fixes = inheriting.map(
      (service) =>
        `in ${service.name?.text}, ${decorators} ${overrideIn(converter, service, name)}`,
    );
    // A class that declares its own serves it when that one is marked remote; then the parent's
    // decorators only mislead a reader.
    const moves = declaring.flatMap((service) => {
      const declared = service.members.find((m) => m.name?.getText() === name) as ts.Node;
      const marked = porticoDecorators(declared, converter).some(
        (d) => d.name === 'ApiOperation' || d.name === 'RemoteMethod',
      );
      return marked ? [] : [`${service.name?.text}.${name}`];
    });
    const served = declaring
      .filter((service) => !moves.includes(`${service.name?.text}.${name}`))
      .map((service) => service.name?.text);
    const fix = fixes.length
      ? `; to serve it, take ${named} off ${where} and declare the method in each @RemoteService class that inherits it: ${fixes.join('; ')}`
      : moves.length
        ? `; ${moves.join(', ')} declare${moves.length > 1 ? '' : 's'} it without a remote decorator, so it is not served either: move ${decorators} onto ${moves.join(' and ')}`
        : served.length
          ? `; ${served.join(', ')} declare${served.length > 1 ? '' : 's'} its own ${name}, which is what is served: take ${named} off ${where}`
          : '';
    // A @RemoteService class that no nativeApp deploys has its own warning; this one is for
    // the classes below it that would lose the method.
    if (undeployed && !fixes.length && !moves.length) continue;
    const unserved = undeployed
      ? 'no nativeApp deploys its class'
      : 'its class has no @RemoteService';
    converter.report({
      severity: 'warning',
      message: `${where} has ${named}, but ${unserved}, so it is never served nor described: a @RemoteService class serves only the methods it declares itself, not those it inherits${fix}`,
      location: locationOf(member.name),
    });
  }
}
