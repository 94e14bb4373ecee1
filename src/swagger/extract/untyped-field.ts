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

/**
 * Reports a bare `@Field()` (no type argument, no contract) on a property whose type TypeScript
 * emits too vaguely for the runtime, which then refuses to start: the build says it first, with
 * file:line and the type argument to write. Returns whether it did.
 */
export function checkFieldTyped(
  converter: Converter,
  found: { schema: SchemaModel; typeNode: ts.TypeNode | undefined; site: Site },
): boolean {
  const emitted = found.typeNode && emittedTooVaguely(converter, found.typeNode);
  if (!emitted) return false;
  const { nullable: _, ...schema } = found.schema;
  const spec = specOf(schema as SchemaModel);
  const fix = found.schema.nullable ? `@Field(${spec}, { nullable: true })` : `@Field(${spec})`;
  converter.report({
    severity: 'warning',
    message: `${found.site.label}: @Field() names no type and TypeScript emits this one as ${emitted}, so the server refuses to start without a contract: write ${fix}, or build with --contract`,
    location: locationOf(found.site.node),
  });
  return true;
}
