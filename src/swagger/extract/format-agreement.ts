import { INT32_BOUNDS as INT32 } from '../../decorators/constraint-table';
import { STRING_FORMATS } from '../../decorators/string-formats';
import { type SchemaConstraints, type SchemaModel } from '../schema-model';
import { type Converter, type Site } from './converter';
import { type PropertyTags, retypeBy } from './property-tags';
import { locationOf } from './source-text';

function innermost(schema: SchemaModel): SchemaModel {
  return schema.kind === 'array' ? innermost(schema.items) : schema;
}

/** Why the runtime does not enforce the tag `[name, text]` on a field of `schema`, if it does not. */
function notEnforced(
  [name, text]: readonly [string, string],
  {
    schema,
    limits,
    contract,
  }: { schema: SchemaModel; limits: SchemaConstraints; contract: boolean },
): string | undefined {
  const inner = innermost(schema);
  // The build's contract types the field from the document's schema, where the tag made it one.
  const integer = contract || (inner.kind === 'primitive' && inner.type === 'integer');
  const tag = name === 'integer' ? '@integer' : `@format ${text}`;
  if (name === 'integer' || text === 'int32' || text === 'int64') {
    if (!integer)
      return `${tag} is not enforced, as the runtime reads the type from @Field; write @Field(Int)`;
    const within =
      (limits.minimum ?? Number.NEGATIVE_INFINITY) >= INT32.minimum &&
      (limits.maximum ?? Number.POSITIVE_INFINITY) <= INT32.maximum;
    // With a contract, the runtime takes int32's bounds from the format itself.
    if (text === 'int32' && !within && !contract) {
      return `${tag} is not enforced, as an Int takes any safe integer; write @Field(Int, ${JSON.stringify(INT32).replace(/"/g, '')})`;
    }
    return undefined;
  }
  if (inner.kind === 'primitive' && inner.instant && text === 'date-time') return undefined;
  if (inner.kind === 'primitive' && inner.type === 'string' && text === 'date-time') {
    if (contract || limits.format === text) return undefined;
    return `${tag} is not enforced, as the runtime reads limits from @Field options; write @Field(…, { format: "date-time" })`;
  }
  return `${tag} is not enforced, as the runtime checks no other string format than ${Object.keys(STRING_FORMATS).join(', ')}`;
}

/**
 * A `@Field` property's schema with the `@integer` and `@format` tags that the runtime enforces:
 * an integer tag where the decorator says `Int` (int32 where its limits keep to 32 bits), a format
 * the type already has (`date-time` on a `Date`). Each other tag is a warning with file:line (an
 * error under `--strict`) and is left out of the document, which states nothing the server does
 * not check.
 */
export function enforcedRetype(
  converter: Converter,
  { schema, tags, limits }: { schema: SchemaModel; tags: PropertyTags; limits: SchemaConstraints },
  site: Site,
): SchemaModel {
  const kept = tags.retypeTags.filter((tag) => {
    const why = notEnforced(tag, { schema, limits, contract: converter.typesAreContract });
    if (why === undefined) return true;
    converter.report({
      severity: 'warning',
      message: `${site.label}: ${why}. It is left out of the document`,
      location: locationOf(site.node),
    });
    return false;
  });
  return retypeBy(kept)(schema);
}
