import {
  isRecordSchema,
  itemSchema,
  resolve,
  type Schema,
  unionMember,
  withoutNull,
} from './schema-values';

/** A place in a value where a mutation can go: an object's property, or an array's item. */
interface Spot {
  readonly parent: Record<string, unknown> | unknown[];
  readonly key: string | number;
  readonly schema: Schema;
  /** The keys from the value's root down to this spot. */
  readonly at: readonly (string | number)[];
}

/** Every object in `value` with its schema, and every property and item as a {@link Spot}. */
function spotsOf(value: unknown, schema: Schema, schemas: Record<string, Schema>) {
  const spots: Spot[] = [];
  const objects: [Record<string, unknown>, Schema, (string | number)[]][] = [];
  const walk = (v: unknown, s: Schema, at: (string | number)[]) => {
    const [found] = withoutNull(s, schemas);
    const core = unionMember(found, v, schemas) ?? found;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        spots.push({ parent: v, key: i, schema: itemSchema(core, i), at: [...at, i] });
        walk(item, itemSchema(core, i), [...at, i]);
      });
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      objects.push([record, core, at]);
      // A record's every key holds a value of its one schema.
      const properties = isRecordSchema(core)
        ? Object.keys(record).map((key) => [key, core.additionalProperties])
        : Object.entries(core.properties ?? {});
      for (const [key, property] of properties) {
        if (!(key in record)) continue;
        spots.push({ parent: record, key, schema: property as Schema, at: [...at, key] });
        walk(record[key], property as Schema, [...at, key]);
      }
    }
  };
  walk(value, schema, []);
  return { spots, objects };
}

/** Values near or beyond what `schema` allows, each one that XML carries as JSON does. */
function badValues(schema: Schema, schemas: Record<string, Schema>): unknown[] {
  const [s] = withoutNull(resolve(schema, schemas), schemas);
  const bounds = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter(
    (b) => b !== undefined,
  ) as number[];
  // Strings of numbers and booleans: libA JSON and XML take some of them (the wire description).
  if (Array.isArray(s.enum)) return ['BOGUS', 3, 'RED', 2, '2', ' 5', '2.0'];
  switch (s.type) {
    case 'integer':
      return [
        1.5,
        'BOGUS',
        '7',
        '+7',
        '7.0',
        ' 7 ',
        '1e3',
        ...bounds.flatMap((b) => [b - 1, b, b + 1]),
      ];
    case 'number':
      return [
        'BOGUS',
        '2.5',
        '.5',
        '-1e-3',
        ' 1.5',
        '0x10',
        ...bounds.flatMap((b) => [b - 0.5, b, b + 0.5]),
      ];
    case 'boolean':
      return ['yes', 'true', 'false', 1, 0, '1', ' true'];
    case 'array':
      return [[], 'BOGUS'];
    case 'object':
      return ['BOGUS'];
    default:
      if (s.format === 'date-time') {
        return [
          '2024-05-06',
          '2024-05-06T07:08',
          '2024-02-30T00:00:00Z',
          '2024-05-06T07:08:09+02:00',
          '2024-05-06T24:00:00Z',
          ' 2024-05-06T07:08:09Z',
          // A leap second is second 60 of 23:59 in UTC, and nowhere else.
          '2016-12-31T23:59:60Z',
          '2016-12-31T23:59:60.5+00:00',
          '2017-01-01T00:59:60+01:00',
          '2016-12-31T23:59:60+01:00',
          '2024-05-06T12:00:60Z',
        ];
      }
      if (s.format !== undefined) {
        return ['', 'b', 'a@b..c', '@b', 'a@-b', '2023-02-29', '1.2.3.04', 'a..b', 'x'.repeat(64)];
      }
      return [
        '',
        'b',
        'Abc',
        'x'.repeat((s.maxLength ?? 8) + 1),
        'a'.repeat(Math.max((s.minLength ?? 1) - 1, 0)),
      ];
  }
}

/**
 * A copy of `value` with one change chosen by `pick` and `choice`: a property or item replaced by
 * a value near a limit, `null` in a property, a property removed, an unknown one added, an array
 * grown past its items.
 */
export function mutate(
  value: unknown,
  schema: Schema,
  schemas: Record<string, Schema>,
  pick: readonly [number, number],
): unknown {
  return mutation(value, schema, schemas, pick).value;
}

/** {@link mutate}'s copy, and the keys from its root to what changed (`[]` if nothing did). */
export function mutation(
  value: unknown,
  schema: Schema,
  schemas: Record<string, Schema>,
  [pick, choice]: readonly [number, number],
): { value: unknown; at: readonly (string | number)[] } {
  const copy = structuredClone(value);
  const { spots, objects } = spotsOf(copy, schema, schemas);
  const kind = choice % 4;
  if (kind === 0 && objects.length > 0) {
    const [object, , at] = objects[pick % objects.length]!;
    object.zzUnknown = 1;
    return { value: copy, at: [...at, 'zzUnknown'] };
  }
  if (kind === 1 && spots.length > 0) {
    const spot = spots[pick % spots.length]!;
    if (!Array.isArray(spot.parent)) {
      delete spot.parent[spot.key];
      return { value: copy, at: spot.at };
    }
    // The copy is the new last item.
    const grown = spot.parent.push(spot.parent[spot.key as number]);
    return { value: copy, at: [...spot.at.slice(0, -1), grown - 1] };
  }
  if (kind === 2 && spots.some((s) => !Array.isArray(s.parent))) {
    const properties = spots.filter((s) => !Array.isArray(s.parent));
    const spot = properties[pick % properties.length]!;
    (spot.parent as Record<string, unknown>)[spot.key] = null;
    return { value: copy, at: spot.at };
  }
  if (spots.length > 0) {
    const spot = spots[pick % spots.length]!;
    const bad = badValues(spot.schema, schemas);
    (spot.parent as Record<string | number, unknown>)[spot.key] = bad[(choice >> 2) % bad.length];
    return { value: copy, at: spot.at };
  }
  return { value: copy, at: [] };
}
