import { type SchemaModel } from '../schema-model';

/** Where a walk is in a value's type ({@link walkSchema}). */
export interface WalkStep {
  /** The part in words: `body.items[].name`, `body[key]`, `body[0]`, `body[rest]`. */
  readonly path: string;
  /** A member of an object holds the value, and names its element. */
  readonly inField: boolean;
  /** The named type the part is, where it was reached through a reference. */
  readonly typeName?: string;
}

/**
 * Visits `schema` and its parts depth first: array items, object members and index values, tuple
 * items, union and intersection members. A reference is followed to its schema in `named` (as a
 * member and elsewhere, once each, so a recursive type ends); `visit` sees the schema it names,
 * never the reference. `visit` returns false to leave the parts of what it was given unvisited.
 */
export function walkSchema(
  schema: SchemaModel,
  named: ReadonlyMap<string, SchemaModel>,
  root: string,
  visit: (part: SchemaModel, step: WalkStep) => boolean | undefined,
): void {
  const seen = new Set<string>();
  const walk = (current: SchemaModel, step: WalkStep): void => {
    if (current.kind === 'ref') {
      const target = named.get(current.name);
      const key = `${current.name}:${step.inField}`;
      if (!target || seen.has(key)) return;
      seen.add(key);
      walk(target, { ...step, typeName: current.name });
      return;
    }
    if (visit(current, step) === false) return;
    for (const [part, path, inField] of partsOf(current, step.path)) walk(part, { path, inField });
  };
  walk(schema, { path: root, inField: false });
}

/** A part of a schema: itself, its path, and whether a member of an object holds it. */
type Part = readonly [schema: SchemaModel, path: string, inField: boolean];

/** The parts of a schema, each with its path. */
function partsOf(schema: SchemaModel, path: string): readonly Part[] {
  switch (schema.kind) {
    case 'array':
      return [[schema.items, `${path}[]`, false]];
    case 'object': {
      const members = schema.properties.map((p): Part => [p.schema, `${path}.${p.name}`, true]);
      return schema.additional ? [...members, [schema.additional, `${path}[key]`, false]] : members;
    }
    case 'tuple': {
      const items = schema.items.map((item, i): Part => [item, `${path}[${i}]`, false]);
      return schema.rest ? [...items, [schema.rest, `${path}[rest]`, false]] : items;
    }
    case 'union':
    case 'intersection':
      return schema.members.map((m): Part => [m, path, false]);
    default:
      return [];
  }
}
