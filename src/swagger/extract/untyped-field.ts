import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { locationOf } from './source-text';

/** Whether a union member is written `null` or `undefined`, which TypeScript emits as `void 0`. */
function isNullish(node: ts.TypeNode): boolean {
  if (node.kind === ts.SyntaxKind.UndefinedKeyword) return true;
  return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
}

function hasNullish(type: ts.Type): boolean {
  return (
    type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))
  );
}

/**
 * What TypeScript emits as `design:type` for a property written `node`, where that says too
 * little for the runtime to bind it: `Array` for an array or tuple (its items are lost), `Object`
 * for a union with `null` or `undefined` under strictNullChecks. Written as TypeScript's own
 * serializer reads it: from the type as written, an alias by the type it names.
 */
function emittedTooVaguely(
  converter: Converter,
  node: ts.TypeNode,
): 'Array' | 'Object' | undefined {
  let written = node;
  while (ts.isParenthesizedTypeNode(written)) written = written.type;
  if (ts.isTypeOperatorNode(written) && written.operator === ts.SyntaxKind.ReadonlyKeyword) {
    written = written.type;
  }
  const options = converter.program.getCompilerOptions();
  const strictNulls = options.strictNullChecks ?? options.strict ?? false;
  if (ts.isArrayTypeNode(written) || ts.isTupleTypeNode(written)) return 'Array';
  if (ts.isUnionTypeNode(written)) {
    return strictNulls && written.types.some(isNullish) ? 'Object' : undefined;
  }
  if (!ts.isTypeReferenceNode(written)) return undefined;
  const type = converter.checker.getTypeFromTypeNode(written);
  if (converter.checker.isArrayType(type) || converter.checker.isTupleType(type)) return 'Array';
  return strictNulls && hasNullish(type) ? 'Object' : undefined;
}

/** The `@Field` type argument that names `schema`, for the fix a message proposes. */
function specOf(schema: SchemaModel): string {
  switch (schema.kind) {
    case 'primitive':
      if (schema.instant) return 'Date';
      return { string: 'String', number: 'Number', integer: 'Int', boolean: 'Boolean' }[
        schema.type
      ];
    case 'enum':
      return 'OneOf(…)';
    case 'ref':
      return schema.name;
    case 'array':
      return `[${specOf(schema.items)}]`;
    default:
      return '…';
  }
}

/** Whether a written type names a type parameter (`T[]`, `Box<T> | null`). */
function namesTypeParameter(node: ts.Node, checker: ts.TypeChecker): boolean {
  if (ts.isTypeReferenceNode(node)) {
    const symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.TypeParameter) return true;
  }
  return ts.forEachChild(node, (child) => namesTypeParameter(child, checker) || undefined) ?? false;
}

/** The members each run reported: a generic class's member is met once per instantiation. */
const reportedBy = new WeakMap<Converter, WeakSet<ts.Node>>();

/**
 * Reports a bare `@Field()` (no type argument, no contract) on a property whose type TypeScript
 * emits too vaguely for the runtime, which then refuses to start: the build says it first, with
 * file:line and the type argument to write. Returns whether it did.
 */
export function checkFieldTyped(
  converter: Converter,
  found: { schema: SchemaModel; typeNode: ts.TypeNode | undefined; site: Site },
): boolean {
  const { typeNode } = found;
  const emitted = typeNode && emittedTooVaguely(converter, typeNode);
  if (!emitted) return false;
  const reported = reportedBy.get(converter) ?? new WeakSet<ts.Node>();
  reportedBy.set(converter, reported);
  if (reported.has(typeNode)) return true;
  reported.add(typeNode);
  const { nullable: _, ...schema } = found.schema;
  const spec = specOf(schema as SchemaModel);
  const written = found.schema.nullable ? `@Field(${spec}, { nullable: true })` : `@Field(${spec})`;
  // A generic member's type follows the class's type argument, which no @Field can name.
  const fix = namesTypeParameter(typeNode, converter.checker)
    ? 'build with --contract, which types each instantiation (a @Field on a generic member names one type for all)'
    : `write ${written}, or build with --contract`;
  converter.report({
    severity: 'warning',
    message: `${found.site.label}: @Field() names no type and TypeScript emits this one as ${emitted}, so the server refuses to start without a contract: ${fix}`,
    location: locationOf(found.site.node),
  });
  return true;
}
