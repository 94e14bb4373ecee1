import { ts } from 'ts-morph';
import { type DeclaredErrorModel } from '../model';
import { type Converter, type Site } from './converter';
import { locationOf, propertyOf, staticStringOf } from './source-text';

/** What the document states from a method decorator's `privileged`, `idempotent` and `errors` options. */
export interface OperationOptions {
  readonly privileged?: true | 'maybe';
  readonly idempotent?: true;
  readonly errors?: readonly DeclaredErrorModel[];
}

function numberOf(node: ts.Expression | undefined): number | undefined {
  return node && ts.isNumericLiteral(node) ? Number(node.text) : undefined;
}

function readError(converter: Converter, node: ts.Expression): DeclaredErrorModel | undefined {
  const status = numberOf(propertyOf(node, 'status'));
  const code = staticStringOf(propertyOf(node, 'code'), converter.checker);
  const description = staticStringOf(propertyOf(node, 'description'), converter.checker);
  if (status === undefined || code === undefined) return undefined;
  return { status, code, ...(description ? { description } : {}) };
}

function readErrors(converter: Converter, node: ts.Expression, site: Site) {
  const elements = ts.isArrayLiteralExpression(node) ? node.elements : undefined;
  const errors = elements?.map((e) => readError(converter, e)) ?? [undefined];
  if (errors.every((e) => e !== undefined)) return errors as DeclaredErrorModel[];
  converter.report({
    severity: 'warning',
    message: `${site.label}: the errors option is not a literal list of { status: <number>, code: '<text>' }, so the document leaves some out`,
    location: locationOf(node),
  });
  return errors.filter((e) => e !== undefined);
}

/**
 * Reads `privileged`, `idempotent` and `errors` from the options object of `@ApiOperation`:
 * `privileged` that is not written `true` or `false` may be either, so its 403 is listed;
 * `idempotent` is stated only when written `true`, as a caller may retry on its word.
 */
export function readOperationOptions(
  converter: Converter,
  options: ts.Expression | undefined,
  site: Site,
): OperationOptions {
  if (options && !ts.isObjectLiteralExpression(options)) return { privileged: 'maybe' };
  const privileged = propertyOf(options, 'privileged');
  const errors = propertyOf(options, 'errors');
  const declared = errors ? readErrors(converter, errors, site) : [];
  const flag =
    privileged === undefined || privileged.kind === ts.SyntaxKind.FalseKeyword
      ? undefined
      : privileged.kind === ts.SyntaxKind.TrueKeyword || 'maybe';
  const idempotent = propertyOf(options, 'idempotent')?.kind === ts.SyntaxKind.TrueKeyword;
  return {
    ...(flag ? { privileged: flag } : {}),
    ...(idempotent ? { idempotent } : {}),
    ...(declared.length ? { errors: declared } : {}),
  };
}
