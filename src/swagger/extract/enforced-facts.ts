import { ts } from 'ts-morph';
import { type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import {
  checkFieldAgreement,
  checkTagsEnforced,
  placeConstraints,
  warnUnreadable,
} from './field-agreement';
import { constraintsOfOptions, nullableByOptions } from './field-facts';
import { enforcedRetype } from './format-agreement';
import { placeEnforced } from './limit-kinds';
import { porticoDecorators } from './portico-symbols';
import { type PropertyTags } from './property-tags';
import { statedTypeDisagrees } from './stated-type-disagrees';
import { checkFieldTyped } from './untyped-field';

/** What a `@Field(...)` decorator on a property says, if it has one. */
export interface FieldDecorator {
  readonly spec?: ts.Expression;
  readonly options?: ts.Expression;
}

/** The `@Field` decorator of this package on a declaration, with its spec and options. */
export function fieldDecoratorOf(converter: Converter, declaration: ts.Node | undefined) {
  if (!declaration) return undefined;
  const field = porticoDecorators(declaration, converter).find((d) => d.name === 'Field');
  if (!field) return undefined;
  const [first, second] = field.args;
  const isOptions = first !== undefined && ts.isObjectLiteralExpression(first);
  const result: FieldDecorator = isOptions
    ? { options: first }
    : { ...(first ? { spec: first } : {}), ...(second ? { options: second } : {}) };
  return result;
}

/** Whether a type is a union with `null`. */
export function hasNull(type: ts.Type): boolean {
  return type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Null);
}

function withoutNull(schema: SchemaModel): SchemaModel {
  const { nullable: _, ...rest } = schema;
  return rest as SchemaModel;
}

/** The tags of a member whose `@Field` type is not its written one: none are for that type. */
const NO_TAGS: PropertyTags = { constraints: {}, notes: {}, retype: (s) => s, retypeTags: [] };

/**
 * Whether the `@Field` type is of another JSON type than the member is written with (`@Field(Number)
 * one!: Day`), reported at the member: its written type's JSDoc tags (`@format date`) then apply
 * to neither.
 */
function typedOtherwise(
  converter: Converter,
  field: FieldDecorator,
  { schema, type, site }: { schema: SchemaModel; type: ts.Type; site: Site },
): boolean {
  if (!field.spec || !ts.isPropertyDeclaration(site.node)) return false;
  return statedTypeDisagrees(converter, site.node, { stated: schema, type, site });
}

/**
 * The facts the runtime enforces, from the `@Field` decorator: `null` only with `nullable: true`,
 * limits only from its options; JSDoc limits on a plain property (an interface) as written.
 */
export function enforcedFacts(
  converter: Converter,
  field: FieldDecorator | undefined,
  found: {
    schema: SchemaModel;
    type: ts.Type;
    typeNode: ts.TypeNode | undefined;
    tags: PropertyTags;
    site: Site;
  },
): SchemaModel {
  if (!field) {
    // A member the runtime binds only through the build's contract: formats as it enforces them.
    const retyped = converter.typesAreContract
      ? enforcedRetype(converter, { ...found, limits: found.tags.constraints }, found.site)
      : found.tags.retype(found.schema);
    const limits = found.tags.constraints;
    if (!converter.typesAreContract) return placeConstraints(retyped, limits);
    return placeEnforced(converter, found.site, { schema: retyped, limits });
  }
  const nullable =
    nullableByOptions(field.options) || (converter.typesAreContract && hasNull(found.type));
  // Without a contract, a bare @Field on a type TypeScript emits as Array or Object is refused
  // when the server starts; that finding replaces the one about null.
  const untyped = !field.spec && !converter.typesAreContract && checkFieldTyped(converter, found);
  checkFieldAgreement(converter, {
    type: found.type,
    spec: field.spec,
    nullable,
    site: found.site,
    untyped,
  });
  const { constraints, unreadable } = constraintsOfOptions(field.options, converter.checker);
  warnUnreadable(converter, unreadable, found.site);
  const tags = typedOtherwise(converter, field, found) ? NO_TAGS : found.tags;
  checkTagsEnforced(converter, { tags: tags.constraints, field: constraints }, found.site);
  // With a contract, JSDoc limits hold as well as the decorator's (which must agree with them).
  const limits = converter.typesAreContract ? { ...tags.constraints, ...constraints } : constraints;
  const retyped = enforcedRetype(converter, { schema: found.schema, tags, limits }, found.site);
  const schema = nullable ? { ...retyped, nullable: true } : withoutNull(retyped);
  return placeEnforced(converter, found.site, { schema, limits, declared: constraints });
}
