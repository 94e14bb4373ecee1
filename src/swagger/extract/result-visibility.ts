import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/** The words every warning of this check ends with. */
export const CANNOT_CHECK =
  'so the runtime cannot check its results against the document: give { returns: … }, or build with --contract';

/**
 * The return type of a method as TypeScript declares or infers it, and that type awaited
 * (`Promise<T>` is `T`); a type parameter (`<T>(x: T): T`) stays itself, where TypeScript would
 * make it `Awaited<T>`, a type that names no promise.
 */
export function returnTypesOf(
  checker: ts.TypeChecker,
  method: ts.MethodDeclaration,
): { declared: ts.Type; awaited: ts.Type } | undefined {
  const signature = checker.getSignatureFromDeclaration(method);
  const declared = signature && checker.getReturnTypeOfSignature(signature);
  if (!declared) return undefined;
  if (declared.flags & ts.TypeFlags.TypeParameter) return { declared, awaited: declared };
  return { declared, awaited: checker.getAwaitedType(declared) ?? declared };
}

/** What TypeScript emits as `design:returntype` for a result, where the runtime cannot use it. */
function hiddenResult(converter: Converter, method: ts.MethodDeclaration, schema: SchemaModel) {
  const types = returnTypesOf(converter.checker, method);
  if (types && types.awaited !== types.declared) return 'Promise';
  const named = schema.kind === 'ref' ? converter.registry.named.get(schema.name) : schema;
  if (!named) return undefined;
  if (named.kind === 'array' || named.kind === 'tuple') return 'Array';
  if (named.kind === 'object' && !named.declaredFields) return 'Object';
  return named.kind === 'union' || named.kind === 'intersection' ? 'Object' : undefined;
}

/**
 * Warns where a result without `returns` has a type that TypeScript does not emit at run time (a
 * promise, an array, an interface, a union): the runtime checks a result against its type, and
 * cannot check this one.
 */
export function checkResultVisible(
  converter: Converter,
  { method, schema, site }: { method: ts.MethodDeclaration; schema: SchemaModel; site: Site },
): void {
  // The build's contract gives the runtime every result type, whatever TypeScript emits.
  if (converter.typesAreContract) return;
  const emitted = hiddenResult(converter, method, schema);
  if (!emitted) return;
  converter.report({
    severity: 'warning',
    message: `${site.label} declares a result type that TypeScript emits as ${emitted}, ${CANNOT_CHECK}`,
    location: locationOf(site.node),
  });
}

/**
 * Whether a method's result type lets it return nothing beside a value (`T | undefined`,
 * `Promise<T | void>`): the server answers 204 with no body then, so the document lists it.
 */
export function answersEmptyToo(converter: Converter, method: ts.MethodDeclaration): boolean {
  const type = returnTypesOf(converter.checker, method)?.awaited;
  const empty = ts.TypeFlags.Void | ts.TypeFlags.Undefined;
  return type?.isUnion() === true && type.types.some((t) => (t.flags & empty) !== 0);
}
