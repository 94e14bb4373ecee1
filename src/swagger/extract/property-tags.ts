import { constraintsWhere } from '../../decorators/constraint-table';
import { isStringFormat } from '../../decorators/string-formats';
import { type SchemaConstraints, type SchemaModel, type SchemaNotes } from '../schema-model';
import { type Converter, type Site, toInteger } from './converter';
import { locationOf } from './source-text';

const NUMBER_TAGS: readonly string[] = constraintsWhere('value', 'number');
const COUNT_TAGS: readonly string[] = constraintsWhere('value', 'count');
const TEXT_TAGS: readonly string[] = constraintsWhere('value', 'text');

/** Tags that only speak to human readers: the document has no place for them, and that is fine. */
const PROSE_TAGS = new Set(['see', 'remarks', 'since', 'link', 'todo', 'author', 'internal']);

/** What the JSDoc tags of a property say. */
export interface PropertyTags {
  readonly constraints: SchemaConstraints;
  readonly notes: Pick<SchemaNotes, 'example' | 'deprecated'>;
  /** `@integer` and `@format`, applied to the schema. */
  readonly retype: (schema: SchemaModel) => SchemaModel;
  /** The `@integer` and `@format` tags, as `[name, text]`. */
  readonly retypeTags: readonly [string, string][];
}

function parseExample(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A `@format` of a string format that the runtime enforces: a constraint, like `@pattern`. But
 * `date-time` is also the type of a `Date`: it retypes, which leaves a `Date` as it is.
 */
function isStringTag(name: string, text: string): boolean {
  return name === 'format' && isStringFormat(text) && text !== 'date-time';
}

/** Applies `@integer` and `@format` tags to a schema (to the items of an array). */
export function retypeBy(tags: readonly [string, string][]): (schema: SchemaModel) => SchemaModel {
  return (schema) => {
    let result = schema;
    for (const [name, text] of tags) {
      if (name === 'integer') result = toInteger(result);
      if (name !== 'format' || text === '') continue;
      if (text === 'int32' || text === 'int64') result = toInteger(result, text);
      else if (result.kind === 'primitive') result = { ...result, format: text };
    }
    return result;
  };
}

/**
 * Reads a property's JSDoc tags: constraints (`@minimum 1`, `@pattern ^[A-Z]+$`), `@example`,
 * `@deprecated`, `@integer`, `@format`. A tag it does not understand, or a value it cannot read,
 * is a warning with file:line: nothing written in a comment is dropped silently.
 */
export function readPropertyTags(
  converter: Converter,
  tags: readonly [string, string][],
  site: Site,
): PropertyTags {
  const constraints: Record<string, number | string> = {};
  const notes: { example?: unknown; deprecated?: boolean } = {};
  const warn = (message: string) =>
    converter.report({
      severity: 'warning',
      message: `${site.label}: ${message}`,
      location: locationOf(site.node),
    });
  for (const [name, text] of tags) {
    if (name === 'example') notes.example = parseExample(text);
    else if (name === 'deprecated') notes.deprecated = true;
    else if (TEXT_TAGS.includes(name) || isStringTag(name, text)) constraints[name] = text;
    else if (NUMBER_TAGS.includes(name)) {
      const value = Number(text);
      if (text === '' || !Number.isFinite(value))
        warn(`@${name} ${text} is not a number; it is left out`);
      else constraints[name] = value;
    } else if (COUNT_TAGS.includes(name)) {
      const value = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
        warn(`@${name} ${text} is not a whole number; it is left out`);
      } else constraints[name] = value;
    } else if (name !== 'integer' && name !== 'format' && !PROSE_TAGS.has(name)) {
      warn(
        `the JSDoc tag @${name} is not understood by generate-swagger; it is left out of the document`,
      );
    }
  }
  const retypeTags = tags.filter(
    ([name, text]) => name === 'integer' || (name === 'format' && !isStringTag(name, text)),
  );
  return { constraints, notes, retype: retypeBy(retypeTags), retypeTags };
}
